"""Builds the low-resolution training cache once: every image and mask of ../shared/data/tongue
resized to CACHE_SIDE x CACHE_SIDE (area interpolation; masks kept soft 0-255), plus the two
training face photos, and writes the validation ID list (deterministic by ID)."""
import os

import cv2
import numpy as np

from common import CACHE, FACES_TRAIN, DATA, TONGUE, VAL_IDS, all_ids, is_val

CACHE_SIDE = 320  # a little above the 256 input so zoom-in crops keep detail


def main():
    os.makedirs(CACHE, exist_ok=True)
    ids = all_ids()
    imgs = np.zeros((len(ids), CACHE_SIDE, CACHE_SIDE, 3), np.uint8)
    masks = np.zeros((len(ids), CACHE_SIDE, CACHE_SIDE), np.uint8)
    sizes = np.zeros((len(ids), 2), np.int32)
    for i, sid in enumerate(ids):
        im = cv2.imread(os.path.join(TONGUE, 'images', sid + '.jpg'), cv2.IMREAD_COLOR)[:, :, ::-1]
        m = cv2.imread(os.path.join(TONGUE, 'masks', sid + '.png'), cv2.IMREAD_GRAYSCALE)
        sizes[i] = im.shape[1], im.shape[0]
        imgs[i] = cv2.resize(im, (CACHE_SIDE, CACHE_SIDE), interpolation=cv2.INTER_AREA)
        masks[i] = cv2.resize(((m > 127) * 255).astype(np.uint8), (CACHE_SIDE, CACHE_SIDE), interpolation=cv2.INTER_AREA)
    val = np.array([is_val(s) for s in ids])
    np.savez(os.path.join(CACHE, 'tongue%d.npz' % CACHE_SIDE), imgs=imgs, masks=masks, sizes=sizes,
             ids=np.array(ids), val=val)
    faces = {}
    for name in FACES_TRAIN:
        faces[name] = cv2.imread(os.path.join(DATA, 'face', name), cv2.IMREAD_COLOR)[:, :, ::-1]
    np.savez(os.path.join(CACHE, 'faces.npz'), **{k.replace('.jpg', ''): v for k, v in faces.items()})
    with open(VAL_IDS, 'w') as f:
        f.write('\n'.join(s for s, v in zip(ids, val) if v) + '\n')
    print('images', len(ids), 'validation', int(val.sum()), 'training', int((~val).sum()))


if __name__ == '__main__':
    main()
