"""Validation mIoU at the network input, shared by train.py (CPU) and train_gpu.py: the 320 px
cache resized to INPUT with area interpolation, tongue where the logit is > 0, the IoU of the
tongue and of the background pooled over all pixels and averaged (eval:tongue-seg measures the
same at each photo's original resolution through the engine)."""
import cv2
import numpy as np
import torch

from common import INPUT


def val_tensors(d, idx, dev):
    rs = lambda a: cv2.resize(a, (INPUT, INPUT), interpolation=cv2.INTER_AREA)
    x = torch.from_numpy(np.stack([rs(d['imgs'][i]) for i in idx])).to(dev)
    m = torch.from_numpy(np.stack([rs(d['masks'][i]) for i in idx])).to(dev)
    return x, m > 127


def to_input(x_uint8):
    return x_uint8.permute(0, 3, 1, 2).float().div_(255.0).contiguous(memory_format=torch.channels_last)


@torch.no_grad()
def miou(model, vx, vm):
    model.eval()
    inter = torch.zeros(2, device=vx.device)
    union = torch.zeros(2, device=vx.device)
    for k in range(0, len(vx), 64):
        p = model(to_input(vx[k:k + 64]))[:, 0] > 0
        t = vm[k:k + 64]
        for c, (pp, tt) in enumerate(((p, t), (~p, ~t))):
            inter[c] += (pp & tt).sum()
            union[c] += (pp | tt).sum()
    iou = (inter / union).cpu().numpy()
    return float(iou.mean()), iou
