"""Starts training from a shipped ONNX model (models/tongue-seg/tongue-seg.onnx) when its PyTorch
checkpoint is gone (checkpoints live in the uncommitted training/.cache).

The exporter folds each BatchNorm that follows a convolution into that convolution (weight and
a bias). Loaded as it is, that BatchNorm would be an identity plus the bias in evaluation, but in
training it normalizes by the batch statistics and would throw the learnt scale away. So the
folded BatchNorms are recalibrated: with y the convolution's output on real photos (mean mu,
variance var per channel), gamma = sqrt(var + eps), beta = mu + bias, running statistics mu and
var. In evaluation that is exactly y + bias (the ONNX model), in training about the same."""
import numpy as np
import onnx
import torch
from onnx import numpy_helper


def _convs(model):
    """The convolutions in the order forward() runs them, each with the BatchNorm after it (or None)."""
    out = []
    for blk in model.enc:
        out += [(blk.net[0], blk.net[1]), (blk.net[3], blk.net[4])]
    for up in model.ups:
        out += [(up.proj, None), (up.conv[2], up.conv[3])]
    out.append((model.head, None))
    return out


@torch.no_grad()
def load_onnx(model, path, calib):
    """Sets model's weights from the ONNX file; calib: float input batch [N,3,H,W] of real photos."""
    g = onnx.load(path).graph
    inits = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    t = lambda name: torch.from_numpy(np.array(inits[name], np.float32))
    convs = [n for n in g.node if n.op_type == 'Conv']
    bns = [n for n in g.node if n.op_type == 'BatchNormalization']
    pairs = _convs(model)
    folded = len(bns) == len(model.ups)
    assert len(convs) == len(pairs), (len(convs), len(pairs))
    assert folded or len(bns) == len(model.ups) + sum(b is not None for _, b in pairs), len(bns)
    biases = []
    for node, (conv, bn) in zip(convs, pairs):
        w = t(node.input[1])
        assert tuple(w.shape) == tuple(conv.weight.shape), (node.name, w.shape, conv.weight.shape)
        conv.weight.copy_(w)
        b = t(node.input[2]) if len(node.input) > 2 and node.input[2] else None
        if conv.bias is not None:
            conv.bias.copy_(b)
        elif bn is not None and folded:
            eps = bn.eps
            bn.weight.fill_(1.0)
            bn.bias.copy_(b)
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - eps)
            biases.append((bn, b))
        else:
            assert b is None or float(b.abs().max()) == 0.0, node.name
    # The BatchNorms the exporter could not fold (after the decoder's sums), or all of them
    # when it folded none, in forward order.
    standalone = [up.conv[0] for up in model.ups] if folded else _forward_order_bns(model)
    for node, bn in zip(bns, standalone):
        bn.weight.copy_(t(node.input[1]))
        bn.bias.copy_(t(node.input[2]))
        bn.running_mean.copy_(t(node.input[3]))
        bn.running_var.copy_(t(node.input[4]))
    # Recalibrate the folded BatchNorms on real photos (their input is the convolution's output).
    stats = {}
    hooks = [bn.register_forward_pre_hook(lambda m, inp: stats.__setitem__(m, inp[0].float()))
             for bn, _ in biases]
    model.eval()
    model(calib)
    for h in hooks:
        h.remove()
    for bn, b in biases:
        y = stats[bn]
        mu = y.mean((0, 2, 3))
        var = y.var((0, 2, 3), unbiased=False)
        bn.weight.copy_(torch.sqrt(var + bn.eps))
        bn.bias.copy_(mu + b.to(mu.device))
        bn.running_mean.copy_(mu)
        bn.running_var.copy_(var)
    return model


def _forward_order_bns(model):
    out = []
    for blk in model.enc:
        out += [blk.net[1], blk.net[4]]
    for up in model.ups:
        out += [up.conv[0], up.conv[3]]
    return out
