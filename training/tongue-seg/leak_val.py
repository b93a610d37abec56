"""Builds the leak check used to choose checkpoints (train_gpu.py --leak-val): validation tongues
composed into the two TRAINING face photos the way the engine's wide-frame gate composes them
into the held-out face (packages/analysis/src/tongue/test-composites.ts tongueInFace: the tongue
photo at 0.6 of the face width pasted below the mouth with its own lips feathered in, a 3:4 frame
2.2 tongue-photo widths wide, JPEG 92), at the network input.

Why: the gate's leak (false tongue as a share of the tongue) is mostly the pasted photo's OWN lips
taken for tongue at phone scale, not the face around it (issue 18 item 6, session 19): a property
of the tongue photos and the scale, which unseen validation tongues in the training faces measure
without touching the held-out face. Uses only select-half validation photos (phone_val.half) and
never the first 16 validation IDs (the gate's own tongues).

   /usr/bin/python3 training/tongue-seg/leak_val.py   # -> training/.gpu/leak-val.npz"""
import os

import cv2
import numpy as np

import phone
from common import DATA, FACES_TRAIN, INPUT, TONGUE, VAL_IDS
from phone_val import GPU, half, pack_select

SEED = 18019
GATE_TONGUES = 16  # evaluate.ts WIDE: the first 16 validation IDs form the gate


def compose(img, mask, fimg, mouth, fw, rng):
    got = phone.paste(img, mask, fimg, mouth, fw, 0.6, rng)
    if got is None:
        return None
    out, full, (x0, y0, x1, y1) = got
    tw = 0.6 * fw
    ow = 2.2 * tw
    oh = ow * 4 / 3
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    im, mk = phone.frame(out, full, cx, cy, oh, 0.75, 0.0)
    im = phone.jpeg(np.clip(im, 0, 255), 92)
    small = cv2.resize(im.astype(np.float32), (INPUT, INPUT), interpolation=cv2.INTER_AREA)
    small = np.clip(small * phone.engine_gain(small), 0, 255).astype(np.uint8)
    m = cv2.resize((mk > 0.5).astype(np.uint8) * 255, (INPUT, INPUT), interpolation=cv2.INTER_AREA)
    return small, m


def main():
    ids = [s.strip() for s in open(VAL_IDS) if s.strip()]
    use = [s for s in ids[GATE_TONGUES:] if half(s) == 'select']
    faces = []
    for name, meta in FACES_TRAIN.items():
        f = cv2.imread(os.path.join(DATA, 'face', name), cv2.IMREAD_COLOR)[:, :, ::-1].astype(np.float32)
        faces.append((f, np.array(meta['mouth'], np.float32), float(meta['faceWidth'])))
    xs, ms = [], []
    for k, sid in enumerate(use):
        img = cv2.imread(os.path.join(TONGUE, 'images', sid + '.jpg'), cv2.IMREAD_COLOR)[:, :, ::-1]
        mask = (cv2.imread(os.path.join(TONGUE, 'masks', sid + '.png'), cv2.IMREAD_GRAYSCALE) > 127).astype(np.float32)
        fimg, mouth, fw = faces[k % len(faces)]
        got = compose(img, mask, fimg, mouth, fw, np.random.default_rng([SEED, k]))
        if got is not None:
            xs.append(got[0])
            ms.append(got[1])
    os.makedirs(GPU, exist_ok=True)
    path = os.path.join(GPU, 'leak-val.npz')
    pack_select(xs, ms, path)
    print(f'{len(xs)} leak-check composites from {len(use)} select-half validation tongues -> {path}')


if __name__ == '__main__':
    main()
