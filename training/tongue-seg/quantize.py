"""Static 8-bit quantization (QDQ, weights int8 per channel, activations uint8) of a tongue-seg
ONNX model with onnxruntime's tools, calibrated on training photos: device framings and the
augmented wide framings (train_gpu.py's sampler), never validation photos.
   python3 training/tongue-seg/quantize.py OUT_DIR NAME=MODEL.onnx ...
Needs the Python onnxruntime package (the lent GPU machine has it; Debian does not)."""
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import augment  # noqa: E402
from common import INPUT, REPO  # noqa: E402
from train_gpu import unpack  # noqa: E402


def calibration_inputs(n_plain=96, n_aug=96, seed=5):
    d, faces = unpack(os.path.join(REPO, 'training', '.gpu', 'tongue320-packed.npz'))
    idx = np.nonzero(~d['val'])[0]
    rng = np.random.default_rng(seed)
    out = []
    for i in rng.choice(idx, n_plain, replace=False):
        out.append(cv2.resize(d['imgs'][i], (INPUT, INPUT), interpolation=cv2.INTER_AREA))
    augment.FACE['share'], augment.FACE['skin'], augment.HARD_LIGHT['p'] = 0.4, 0.5, 0.05
    fs = augment.prepare_faces(faces)
    for i in rng.choice(idx, n_aug, replace=False):
        im, _ = augment.sample(d['imgs'], d['masks'], d['sizes'], int(i), idx, fs, rng)
        out.append(np.clip(im + 0.5, 0, 255).astype(np.uint8))
    return [(x.astype(np.float32) / 255.0).transpose(2, 0, 1)[None].copy() for x in out]


def main():
    from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat,
                                          QuantType, quantize_static)
    from onnxruntime.quantization.shape_inference import quant_pre_process

    out_dir = sys.argv[1]
    xs = calibration_inputs()
    print('calibration inputs', len(xs), flush=True)

    class Reader(CalibrationDataReader):
        def __init__(self):
            self.it = iter(xs)

        def get_next(self):
            x = next(self.it, None)
            return None if x is None else {'image': x}

    for spec in sys.argv[2:]:
        name, path = spec.split('=')
        pre = os.path.join(out_dir, name + '-pre.onnx')
        try:
            quant_pre_process(path, pre)
        except Exception as e:  # the pre-processing only helps; quantize the model as it is
            print('pre-processing failed:', e, flush=True)
            pre = path
        for method, tag in ((CalibrationMethod.MinMax, 'minmax'), (CalibrationMethod.Percentile, 'pct')):
            out = os.path.join(out_dir, f'{name}-int8-{tag}.onnx')
            extra = {'CalibPercentile': 99.999} if tag == 'pct' else {}
            try:
                quantize_static(pre, out, Reader(), quant_format=QuantFormat.QDQ, per_channel=True,
                                activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
                                calibrate_method=method, extra_options=extra)
                print(out, os.path.getsize(out), flush=True)
            except Exception as e:
                print(out, 'failed:', e, flush=True)
        if pre != path:
            os.remove(pre)


if __name__ == '__main__':
    main()
