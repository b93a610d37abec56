import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJigsawChallenge } from './entrance-api.js';
import { solvePow } from '../../lib/proof-of-work.js';

/**
 * Jigsaw captcha (spec §4): drag the piece along the slider until it fills the hole; the
 * release offset (px) is handed to `onSolve`, which answers the challenge with the credentials,
 * together with the challenge's proof of work, worked out from the moment the challenge arrives.
 */
export function JigsawModal(props: {
  open: boolean;
  onCancel: () => void;
  onSolve: (captchaId: string, x: number, pow: string | undefined) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const challenge = useJigsawChallenge();
  const ch = challenge.data ?? null;
  const [x, setX] = useState(0);
  const drag = useRef<{ startX: number; base: number } | null>(null);
  // The proof of work of the challenge on screen, started as soon as it arrives.
  const work = useMemo(() => (ch ? solvePow(ch.captchaId, ch.powBits) : null), [ch]);

  // A new call drops the old challenge at once (the spinner shows until the new one arrives).
  const { mutate } = challenge;
  const load = useCallback(() => {
    setX(0);
    mutate();
  }, [mutate]);
  // Each opening asks for a fresh challenge: an event (the modal opening), not cached data.
  useEffect(() => {
    if (props.open) load();
  }, [props.open, load]);

  const max = ch ? ch.width - ch.pieceSize : 0;
  const onDown = (e: React.PointerEvent) => {
    (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
    drag.current = { startX: e.clientX, base: x };
  };
  const onMove = (e: React.PointerEvent) => {
    if (!drag.current) return;
    setX(Math.min(max, Math.max(0, drag.current.base + e.clientX - drag.current.startX)));
  };
  const onUp = () => {
    if (!drag.current || !ch || !work) return;
    drag.current = null;
    const at = Math.round(x);
    void work
      .then((pow) => props.onSolve(ch.captchaId, at, pow))
      .then((ok) => {
        if (!ok) load();
      });
  };

  return (
    <Modal
      open={props.open}
      title={t('login.captchaTitle')}
      footer={null}
      onCancel={props.onCancel}
      width={380}
      destroyOnHidden
    >
      {!ch ? (
        <Spin />
      ) : (
        <div data-testid="jigsaw">
          {/* Decoy holes of other shapes share the row: the hint says to match the shape. */}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('login.captchaHint')}
          </Typography.Paragraph>
          <div style={{ position: 'relative', width: ch.width, height: ch.height }}>
            <img
              src={ch.backgroundImage}
              width={ch.width}
              height={ch.height}
              alt=""
              data-testid="jigsaw-bg"
              draggable={false}
            />
            <img
              src={ch.pieceImage}
              alt=""
              data-testid="jigsaw-piece"
              draggable={false}
              style={{ position: 'absolute', left: x, top: ch.pieceY, width: ch.pieceSize, height: ch.pieceSize }}
            />
          </div>
          <div
            style={{
              position: 'relative',
              width: ch.width,
              height: 36,
              marginTop: 10,
              background: '#eee',
              borderRadius: 18,
            }}
          >
            <div
              role="slider"
              aria-valuenow={x}
              aria-valuemin={0}
              aria-valuemax={max}
              data-testid="jigsaw-knob"
              onPointerDown={onDown}
              onPointerMove={onMove}
              onPointerUp={onUp}
              style={{
                position: 'absolute',
                left: x,
                top: 0,
                width: ch.pieceSize,
                height: 36,
                borderRadius: 18,
                background: '#1E1A1A',
                cursor: 'grab',
                touchAction: 'none',
              }}
            />
          </div>
          <Button type="link" onClick={load} style={{ paddingLeft: 0 }}>
            {t('login.captchaRefresh')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
