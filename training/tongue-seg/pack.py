"""Packs the 320 px training cache (prep.py) small enough to travel to a GPU machine: images as
WebP (quality 90), soft masks as PNG, one .npz of byte strings plus the training face photos.
   /usr/bin/python3 training/tongue-seg/pack.py   # -> training/.gpu/tongue320-packed.npz
train_gpu.py unpacks it. The WebP round trip changes pixels by a few levels, well inside the
photometric augmentation; validation figures are re-measured on the originals by eval:tongue-seg."""
import os

import cv2
import numpy as np

from common import CACHE, REPO

OUT = os.path.join(REPO, 'training', '.gpu')


def main():
    d = np.load(os.path.join(CACHE, 'tongue320.npz'))
    blobs, offs = [], [0]
    for im, m in zip(d['imgs'], d['masks']):
        ok1, a = cv2.imencode('.webp', im[:, :, ::-1], [cv2.IMWRITE_WEBP_QUALITY, 90])
        ok2, b = cv2.imencode('.png', m, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        assert ok1 and ok2
        for x in (a, b):
            blobs.append(x.tobytes())
            offs.append(offs[-1] + len(blobs[-1]))
    os.makedirs(OUT, exist_ok=True)
    faces = np.load(os.path.join(CACHE, 'faces.npz'))
    face_jpg = {k: np.frombuffer(cv2.imencode('.jpg', faces[k][:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, 94])[1].tobytes(), np.uint8)
                for k in faces.files}
    path = os.path.join(OUT, 'tongue320-packed.npz')
    np.savez(path, blob=np.frombuffer(b''.join(blobs), np.uint8), offs=np.array(offs, np.int64),
             sizes=d['sizes'], ids=d['ids'], val=d['val'], face_names=np.array(list(face_jpg)),
             **{'face_' + k: v for k, v in face_jpg.items()})
    print(path, os.path.getsize(path) // 1024, 'KiB')


if __name__ == '__main__':
    main()
