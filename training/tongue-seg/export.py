"""Exports a checkpoint to ONNX for the TypeScript engine:
   /usr/bin/python3 training/tongue-seg/export.py [--ckpt training/.cache/seg-best.pt] --version 1.0.0
Input `image` float32 [1,3,256,256] RGB in 0-1 (photo resized to 256 x 256, aspect not kept);
output `logits` float32 [1,1,256,256] (tongue where > 0). Writes models/tongue-seg/tongue-seg.onnx
and model.json (version, input size, epoch) next to it."""
import argparse
import json
import os

import onnx
import torch

from common import CACHE, INPUT, REPO, TongueUNet


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--ckpt', default=os.path.join(CACHE, 'seg-best.pt'))
    ap.add_argument('--version', required=True)
    ap.add_argument('--out', default=os.path.join(REPO, 'models', 'tongue-seg'), help='folder for the .onnx and model.json')
    args = ap.parse_args()
    ck = torch.load(args.ckpt, map_location='cpu')
    model = TongueUNet(tuple(ck.get('ch', (8, 16, 32, 64, 128))))  # train_gpu.py records the widths
    model.load_state_dict({k: v.float() for k, v in ck['model'].items()})
    model.eval()
    out_dir = args.out
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, 'tongue-seg.onnx')
    x = torch.rand(1, 3, INPUT, INPUT)
    torch.onnx.export(model, x, path, input_names=['image'], output_names=['logits'], opset_version=13,
                      do_constant_folding=True)
    onnx.checker.check_model(onnx.load(path))
    meta = {'version': f'tongue-seg-{args.version}', 'input': INPUT, 'epoch': int(ck['epoch']),
            'miou_at_input': float(ck.get('miou_input', ck.get('miou256', 0))), 'bytes': os.path.getsize(path)}
    with open(os.path.join(out_dir, 'model.json'), 'w') as f:
        json.dump(meta, f, indent=2)
        f.write('\n')
    print(json.dumps(meta))


if __name__ == '__main__':
    main()
