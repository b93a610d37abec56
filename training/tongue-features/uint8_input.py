"""Makes a network's ONNX input 8-bit: the graph's float input `input` (values 0-1) becomes a uint8
input of the same name and shape, followed by Cast and a division by 255 inside the graph.

  /usr/bin/python3 training/tongue-features/uint8_input.py models/tongue-features/texture-net.onnx [...]

Why: the engine then hands onnxruntime the bytes that networkInput / sideStrips write, instead of
building a float copy of them (1 MB for the 4 x 256 x 256 crop, zero-filled and converted on every
photo). Float32 division of an integer 0-255 by 255 gives exactly the float32 of v / 255 that the
engine computed before, so the outputs do not change. A file already converted is left as it is;
netkit.export() calls this on every network it writes."""
import sys

import onnx
from onnx import TensorProto, helper


def convert(path):
    model = onnx.load(path)
    graph = model.graph
    inp = next(i for i in graph.input if i.name == 'input')
    if inp.type.tensor_type.elem_type == TensorProto.UINT8:
        print(path, 'already uint8')
        return
    dims = inp.type.tensor_type.shape.dim
    # Every consumer of `input` now reads `input_unit`, the float 0-1 planes.
    for node in graph.node:
        for k, name in enumerate(node.input):
            if name == 'input':
                node.input[k] = 'input_unit'
    inp.type.tensor_type.elem_type = TensorProto.UINT8
    scale = helper.make_tensor('input_scale', TensorProto.FLOAT, [], [255.0])
    graph.initializer.append(scale)
    nodes = [helper.make_node('Cast', ['input'], ['input_float'], to=TensorProto.FLOAT, name='input_cast'),
             helper.make_node('Div', ['input_float', 'input_scale'], ['input_unit'], name='input_div')]
    for n in reversed(nodes):
        graph.node.insert(0, n)
    onnx.checker.check_model(model)
    onnx.save(model, path)
    print(path, 'input uint8', [d.dim_param or d.dim_value for d in dims])


if __name__ == '__main__':
    for p in sys.argv[1:]:
        convert(p)
