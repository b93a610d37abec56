"""Weight-interpolated candidates between two exports of the same network (model card, "Session 20"):
   /usr/bin/python3 training/tongue-seg/soup.py A.onnx B.onnx ALPHA OUT_DIR --version V
writes OUT_DIR/tongue-seg.onnx with every weight (1 - ALPHA) * A + ALPHA * B, and model.json.
Both files come from export.py (BatchNorm folded into the convolutions), so their weights are the
same tensors in the same graph; they are paired by the order the nodes use them, not by name,
because the exporter's generated names may differ between torch versions."""
import argparse
import json
import os

import numpy as np
import onnx
from onnx import numpy_helper


def weights_in_use_order(model):
    """Initializer names in the order the graph's nodes read them (each once)."""
    inits = {i.name for i in model.graph.initializer}
    seen, order = set(), []
    for node in model.graph.node:
        for name in node.input:
            if name in inits and name not in seen:
                seen.add(name)
                order.append(name)
    return order


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('a')
    ap.add_argument('b')
    ap.add_argument('alpha', type=float)
    ap.add_argument('out')
    ap.add_argument('--version', required=True)
    args = ap.parse_args()
    a, b = onnx.load(args.a), onnx.load(args.b)
    if [n.op_type for n in a.graph.node] != [n.op_type for n in b.graph.node]:
        raise SystemExit('the two graphs differ: not the same network')
    by_name_a = {i.name: i for i in a.graph.initializer}
    by_name_b = {i.name: i for i in b.graph.initializer}
    pairs = list(zip(weights_in_use_order(a), weights_in_use_order(b)))
    for na, nb in pairs:
        wa, wb = numpy_helper.to_array(by_name_a[na]), numpy_helper.to_array(by_name_b[nb])
        if wa.shape != wb.shape or wa.dtype != wb.dtype:
            raise SystemExit(f'weights differ in shape: {na} {wa.shape} vs {nb} {wb.shape}')
        if not np.issubdtype(wa.dtype, np.floating):
            if not np.array_equal(wa, wb):
                raise SystemExit(f'non-float constant differs: {na}')
            continue
        mixed = ((1 - args.alpha) * wa.astype(np.float64) + args.alpha * wb.astype(np.float64)).astype(wa.dtype)
        by_name_a[na].CopyFrom(numpy_helper.from_array(mixed, na))
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, 'tongue-seg.onnx')
    onnx.checker.check_model(a)
    onnx.save(a, path)
    meta = {'version': f'tongue-seg-{args.version}', 'input': 224, 'epoch': 0,
            'soup': {'a': os.path.basename(args.a), 'b': os.path.basename(args.b), 'alpha': args.alpha},
            'bytes': os.path.getsize(path)}
    with open(os.path.join(args.out, 'model.json'), 'w') as f:
        json.dump(meta, f, indent=2)
        f.write('\n')
    print(json.dumps(meta))


if __name__ == '__main__':
    main()
