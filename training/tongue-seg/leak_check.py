"""Prints the leak check (leak_val.py) of models: per composite, false tongue as a share of the
true tongue at the network input; max, 90th percentile and mean. ONNX files (the shipped model)
are loaded through onnx_init, checkpoints directly. With --max-of FILE.onnx --write PATH, writes
that model's max (gpu-leak.sh uses the shipped model's as the --leak-max of its runs).

   python3 leak_check.py ../../models/tongue-seg/tongue-seg.onnx ../.gpu/seg-neg25-best.pt"""
import argparse
import os

import cv2
import numpy as np
import torch

from common import INPUT, REPO, TongueUNet
from onnx_init import load_onnx
from train_gpu import leak_shares, load_phone_val, unpack
from validate import to_input


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('models', nargs='+')
    ap.add_argument('--leak-val', default=os.path.join(REPO, 'training', '.gpu', 'leak-val.npz'))
    ap.add_argument('--data', default=os.path.join(REPO, 'training', '.gpu', 'tongue320-packed.npz'))
    ap.add_argument('--write', help='file to write the first model\'s max leak to')
    args = ap.parse_args()
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    x, m = load_phone_val(args.leak_val)
    lx, lm = torch.from_numpy(x).to(dev), torch.from_numpy(m).to(dev) > 127
    calib = None
    for k, path in enumerate(args.models):
        model = TongueUNet((8, 16, 32, 64, 128)).to(dev)
        if path.endswith('.onnx'):
            if calib is None:
                d, _ = unpack(args.data)
                idx = np.nonzero(~d['val'])[0][:256]
                calib = np.stack([cv2.resize(d['imgs'][i], (INPUT, INPUT), interpolation=cv2.INTER_AREA) for i in idx])
            load_onnx(model, path, to_input(torch.from_numpy(calib).to(dev)))
        else:
            model.load_state_dict({n: v.float() for n, v in torch.load(path, map_location='cpu')['model'].items()})
        ls = leak_shares(model, lx, lm)
        print(f'{os.path.basename(path)}: leak check n {len(ls)} max {ls.max():.4f} p90 {np.percentile(ls, 90):.4f} '
              f'mean {ls.mean():.4f}', flush=True)
        if k == 0 and args.write:
            with open(args.write, 'w') as f:
                f.write(f'{ls.max():.4f}\n')


if __name__ == '__main__':
    main()
