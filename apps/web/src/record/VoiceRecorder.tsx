import './texts.js';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { AudioOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTouch } from './touch.js';
import { toWav16, wavSeconds } from './audio-wav.js';
import { captureProblem, type FileProblem } from './photo-file.js';

/** Longest recording, s: the engine needs a sustained vowel of a few seconds, not minutes. */
const MAX_RECORD_S = 30;

/**
 * Voice in the browser: MediaRecorder captures whatever the browser encodes (webm/opus, mp4…),
 * Web Audio decodes it, and it is converted to mono 16-bit PCM WAV before upload, the format the
 * voice engine reads. A WAV file may also be chosen instead.
 */
export function VoiceRecorder(props: { file: File | null; onChange: (file: File | null) => void }) {
  const { button } = useTouch();
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const stop = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!props.file) return setUrl(null);
    const u = URL.createObjectURL(props.file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [props.file]);
  useEffect(() => () => stop.current?.(), []);

  const start = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
      return setError(t('record.micUnavailable'));
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false },
      });
    } catch {
      return setError(t('record.micDenied'));
    }
    const rec = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    rec.onstop = async () => {
      stream.getTracks().forEach((tr) => tr.stop());
      setRecording(false);
      try {
        const ctx = new AudioContext();
        const buf = await ctx.decodeAudioData(await new Blob(chunks).arrayBuffer());
        void ctx.close();
        const wav = toWav16(buf);
        props.onChange(new File([new Uint8Array(wav)], `voice-${Date.now()}.wav`, { type: 'audio/wav' }));
      } catch {
        setError(t('record.micDecodeFailed'));
      }
    };
    const timer = setTimeout(() => rec.state === 'recording' && rec.stop(), MAX_RECORD_S * 1000);
    stop.current = () => {
      clearTimeout(timer);
      if (rec.state === 'recording') rec.stop();
      stop.current = null;
    };
    rec.start();
    setRecording(true);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('record.voiceGuide')}</Typography.Text>
      <Space wrap data-testid="voice-upload">
        {recording ? (
          <Button danger onClick={() => stop.current?.()} data-testid="voice-stop" style={button}>
            {t('record.stopRecording')}
          </Button>
        ) : (
          <Button icon={<AudioOutlined />} onClick={() => void start()} data-testid="voice-record" style={button}>
            {t('record.record')}
          </Button>
        )}
        <Upload
          accept=".wav,audio/wav"
          showUploadList={false}
          beforeUpload={(f) => {
            const p = captureProblem(f, ['.wav']);
            setProblem(p);
            if (!p) props.onChange(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} style={button}>
            {t('record.chooseWav')}
          </Button>
        </Upload>
      </Space>
      {error && <Alert type="warning" showIcon title={error} />}
      {problem && <Alert type="error" showIcon title={t(`record.fileProblem.${problem}`)} />}
      {props.file && url && (
        // Wraps: beside a 300 px player a file name had no room left and stood one character a line.
        <Space data-testid="voice-ready" wrap style={{ maxWidth: '100%' }}>
          <audio controls src={url} style={{ maxWidth: '100%' }} />
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{props.file.name}</Typography.Text>
          <WavLength file={props.file} />
        </Space>
      )}
    </Space>
  );
}

function WavLength({ file }: { file: File }) {
  const { t } = useTranslation();
  const [s, setS] = useState<number | null>(null);
  useEffect(() => {
    void file
      .slice(0, 44)
      .arrayBuffer()
      .then((b) => {
        const bytes = new Uint8Array(b);
        // Only our own 44-byte header is read this way; a chosen WAV may have other chunks first.
        const ours = bytes.length === 44 && String.fromCharCode(...bytes.slice(36, 40)) === 'data';
        setS(ours ? wavSeconds(bytes) : null);
      });
  }, [file]);
  return s === null ? null : (
    <Typography.Text type="secondary">{t('record.seconds', { s: s.toFixed(1) })}</Typography.Text>
  );
}
