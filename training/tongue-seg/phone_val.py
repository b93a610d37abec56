"""Builds the phone-like validation set: every validation photo (val-ids.txt, never seen in
training) made into VARIANTS photos composed or captured as a phone would, with its expert mask
transformed with it. Deterministic: each photo's random stream is seeded by (SEED, its ID, the
variant), so the same files come out on every machine.

   /usr/bin/python3 training/tongue-seg/phone_val.py   # -> training/.cache/phone-val/ (not committed)

Each photo gets one framing, one light, a resolution and a JPEG quality (phone.photo):
- framing 'face' (45 %): pasted below the mouth of the held-out face photo (04-man, never in
  training; 70 % of the time given another skin tone and light first), the tongue filling
  35-70 % of a 3:4, 1:1 or 4:3 frame's height, off-centre by up to 15 %, rotated up to 25 degrees;
- 'small' (20 %): the same with the tongue 18-35 % of the frame's height (the face in view);
- 'tilt' (35 %): the device photo (the tongue close, filling the frame) rotated 5-15 degrees and
  cut inside (no border) to a 3:4 frame, off-centre;
- light: warm, cool, dim, harsh or unchanged; long side 400 px (30 %) or 400-1000 px (a smaller
  frame enlarged, as digital zoom does); JPEG 30-70.
Two halves by ID (MD5 of the ID + ':phone', even = 'select'): train_gpu.py chooses checkpoints on
the select half only (phone-val-select.npz at the network input), and the ship decision reads
the 'held' half through the engine (eval:tongue-seg), which no training run has seen."""
import hashlib
import os

import cv2
import numpy as np

import phone
from common import CACHE, DATA, INPUT, REPO, TONGUE, VAL_IDS

SEED = 18006
VARIANTS = 2
OUT = os.path.join(CACHE, 'phone-val')
GPU = os.path.join(REPO, 'training', '.gpu')
# The held-out face photo (as packages/analysis/src/tongue/test-composites.ts): mouth centre and
# face width in pixels of the 1200 px photo.
FACE = {'file': '04-man.jpg', 'mouth': (412, 655), 'faceWidth': 390}


def half(sid):
    return 'select' if int(hashlib.md5((sid + ':phone').encode()).hexdigest(), 16) % 2 == 0 else 'held'


def pack_select(imgs, masks, path):
    """The select half at the network input, small enough to travel to a GPU machine: WebP 95 and
    PNG byte strings (train_gpu.py load_phone_val decodes them)."""
    enc = lambda ext, a, p: np.frombuffer(cv2.imencode(ext, a, p)[1].tobytes(), np.uint8)
    blobs = [enc('.webp', im[:, :, ::-1], [cv2.IMWRITE_WEBP_QUALITY, 95]) for im in imgs]
    blobs += [enc('.png', m, [cv2.IMWRITE_PNG_COMPRESSION, 9]) for m in masks]
    offs = np.cumsum([0] + [len(b) for b in blobs])
    np.savez(path, blob=np.concatenate(blobs), offs=offs, n=len(imgs))


def main():
    ids = [s.strip() for s in open(VAL_IDS) if s.strip()]
    fimg = cv2.imread(os.path.join(DATA, 'face', FACE['file']), cv2.IMREAD_COLOR)[:, :, ::-1].astype(np.float32)
    face = dict(FACE, img=fimg)
    for sub in ('images', 'masks'):
        os.makedirs(os.path.join(OUT, sub), exist_ok=True)
    rows, sel_x, sel_m = [], [], []
    for sid in ids:
        img = cv2.imread(os.path.join(TONGUE, 'images', sid + '.jpg'), cv2.IMREAD_COLOR)[:, :, ::-1]
        mask = (cv2.imread(os.path.join(TONGUE, 'masks', sid + '.png'), cv2.IMREAD_GRAYSCALE) > 127).astype(np.float32)
        for v in range(VARIANTS):
            rng = np.random.default_rng([SEED, int(hashlib.md5(sid.encode()).hexdigest()[:8], 16), v])
            im, mk, info = phone.photo(img, mask, face, rng)
            mk = (mk > 0.5).astype(np.uint8)
            name = f'{sid}-{v}'
            # Written as the JPEG a phone would upload; the engine decodes it as it decodes uploads.
            path = os.path.join(OUT, 'images', name + '.jpg')
            cv2.imwrite(path, im[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, info['quality']])
            im = cv2.imread(path, cv2.IMREAD_COLOR)[:, :, ::-1]
            cv2.imwrite(os.path.join(OUT, 'masks', name + '.png'), mk * 255)
            rows.append([name, sid, str(v), half(sid)] + [str(info[k]) for k in ('framing', 'light', 'long_side', 'quality', 'angle')])
            if half(sid) == 'select':
                # At the network input as the engine makes it (resized, dark photos brightened).
                small = cv2.resize(im, (INPUT, INPUT), interpolation=cv2.INTER_AREA).astype(np.float32)
                sel_x.append(np.clip(small * phone.engine_gain(small), 0, 255).astype(np.uint8))
                sel_m.append(cv2.resize(mk * 255, (INPUT, INPUT), interpolation=cv2.INTER_AREA))
    with open(os.path.join(OUT, 'manifest.tsv'), 'w') as f:
        f.write('name\tid\tvariant\thalf\tframing\tlight\tlong_side\tquality\tangle\n')
        f.write(''.join('\t'.join(r) + '\n' for r in rows))
    os.makedirs(GPU, exist_ok=True)
    pack_select(sel_x, sel_m, os.path.join(GPU, 'phone-val-select.npz'))
    n_sel = sum(r[3] == 'select' for r in rows)
    print(f'{len(rows)} phone-like photos from {len(ids)} validation photos: select {n_sel}, held {len(rows) - n_sel}')


if __name__ == '__main__':
    main()
