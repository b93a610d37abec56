"""Checks relight.py against the engine (TypeScript) on the cached photos of dump-tensors.ts --band:
with no other light the re-lit, normalised input is the engine's normalised input byte for byte,
and the temperature gains are light.ts's (5,000 K warmer: red up, blue down).

  /usr/bin/python3 training/tongue-features/test_relight.py [N]"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import CACHE  # noqa: E402
from relight import relight_normalised, temperature_gains  # noqa: E402


def main(n):
    ids = sorted(f[:-3] for f in os.listdir(os.path.join(CACHE, 'tensors-band')))[:n]
    raw = np.stack([np.fromfile(os.path.join(CACHE, 'tensors', f'{s}.u8'), np.uint8).reshape(4, 256, 256) for s in ids])
    band = np.stack([np.fromfile(os.path.join(CACHE, 'tensors-band', f'{s}.u8'), np.uint8).reshape(4, 256, 256)
                     for s in ids])
    gains = np.stack([np.fromfile(os.path.join(CACHE, 'band-gains', f'{s}.f64'), np.float64) for s in ids])
    mine = relight_normalised(raw, gains, np.ones((len(ids), 3)))
    diff = np.abs(mine.astype(int) - band.astype(int))
    print(f'{len(ids)} photos: bytes differing {int((diff > 0).sum())} of {diff.size}, max {int(diff.max())}')
    assert diff.max() == 0, 'relight.py does not reproduce the engine normalised input'
    warm, cool = temperature_gains(5000), temperature_gains(8000)
    assert warm[0] > 1 > warm[2] and cool[0] < 1 < cool[2], (warm, cool)
    print('5000 K gains', np.round(warm, 4), '8000 K gains', np.round(cool, 4))
    print('ok')


if __name__ == '__main__':
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
