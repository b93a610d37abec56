import './texts.js';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { frameQuality, frameTips, type FrameTip } from './frame-quality.js';

/** Outlines drawn over the live view (viewBox 0..100): where the user places the tongue or face. */
export const OUTLINES = {
  tongue: 'M30 28 C30 18 70 18 70 28 L71 52 C71 74 60 86 50 86 C40 86 29 74 29 52 Z',
  face: 'M50 12 C74 12 80 32 80 48 C80 72 66 90 50 90 C34 90 20 72 20 48 C20 32 26 12 50 12 Z',
} as const;
export type Outline = keyof typeof OUTLINES;

/** How often the live tips are recomputed, ms (cheap enough for a phone at this rate). */
const TIP_INTERVAL_MS = 500;

/**
 * Camera capture with the tongue outline over the video and live quality tips (brightness and
 * blur measured from the frame in the browser). Gives a JPEG file of the full frame.
 */
export function CameraCapture(props: {
  onCapture: (file: File) => void;
  onClose: () => void;
  facing?: 'user' | 'environment';
  outline?: Outline;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [tips, setTips] = useState<FrameTip[] | null>(null);
  // Front camera when people photograph themselves; the back one when a helper takes it.
  const [facing, setFacing] = useState<'user' | 'environment'>(props.facing ?? 'user');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(t('record.cameraUnavailable'));
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing, width: { ideal: 1280 } }, audio: false })
      .then((s) => {
        if (stopped) return s.getTracks().forEach((tr) => tr.stop());
        stream = s;
        const v = video.current!;
        v.srcObject = s;
        void v.play();
        timer = setInterval(() => {
          if (!v.videoWidth) return;
          // A small copy is enough for brightness and blur and keeps the page responsive.
          const w = 320;
          const h = Math.round((v.videoHeight / v.videoWidth) * w);
          canvas.width = w;
          canvas.height = h;
          const ctx = canvas.getContext('2d', { willReadFrequently: true });
          if (!ctx) return;
          ctx.drawImage(v, 0, 0, w, h);
          setTips(frameTips(frameQuality(ctx.getImageData(0, 0, w, h).data, w, h)));
        }, TIP_INTERVAL_MS);
      })
      .catch(() => setError(t('record.cameraDenied')));
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [facing, t]);

  const capture = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const c = document.createElement('canvas');
    c.width = v.videoWidth;
    c.height = v.videoHeight;
    c.getContext('2d')!.drawImage(v, 0, 0);
    c.toBlob(
      (b) => b && props.onCapture(new File([b], `camera-${Date.now()}.jpg`, { type: 'image/jpeg' })),
      'image/jpeg',
      0.92,
    );
  };

  if (error)
    return (
      <Space orientation="vertical">
        <Alert type="warning" showIcon title={error} data-testid="camera-error" />
        <Button onClick={props.onClose}>{t('app.back')}</Button>
      </Space>
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="camera">
      <div style={{ position: 'relative', width: '100%', maxWidth: 480, aspectRatio: '3 / 4', background: '#000' }}>
        <video ref={video} muted playsInline style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        >
          <path
            d={OUTLINES[props.outline ?? 'tongue']}
            fill="none"
            stroke="#52c41a"
            strokeWidth="0.8"
            strokeDasharray="2 1.5"
          />
        </svg>
      </div>
      <Space wrap data-testid="camera-tips">
        {tips === null ? (
          <Tag>{t('record.tipWaiting')}</Tag>
        ) : tips.length === 0 ? (
          <Tag color="success">{t('record.tipGood')}</Tag>
        ) : (
          tips.map((tip) => (
            <Tag key={tip} color="warning">
              {t(`record.tip.${tip}`)}
            </Tag>
          ))
        )}
      </Space>
      <Alert type="info" title={t(props.outline === 'face' ? 'record.cameraGuideFace' : 'record.cameraGuide')} />
      <Space>
        <Button type="primary" onClick={capture} data-testid="camera-shoot">
          {t('record.shoot')}
        </Button>
        <Button onClick={() => setFacing((f) => (f === 'user' ? 'environment' : 'user'))} data-testid="camera-switch">
          {t('record.switchCamera')}
        </Button>
        <Button onClick={props.onClose}>{t('app.cancel')}</Button>
      </Space>
    </Space>
  );
}
