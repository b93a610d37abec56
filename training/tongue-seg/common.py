"""Shared pieces of the tongue segmentation training: paths, the split and the network."""
import hashlib
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..'))
DATA = os.path.abspath(os.path.join(REPO, '..', 'shared', 'data'))
TONGUE = os.path.join(DATA, 'tongue')
CACHE = os.path.join(REPO, 'training', '.cache')
VAL_IDS = os.path.join(HERE, 'val-ids.txt')
INPUT = 224  # network input side (the photo is resized to INPUT x INPUT, aspect not kept)

# Face photos used as real surrounding context for the wide-framing augmentation: mouth centre
# and face width in pixels of the 1200 px originals, read off by hand. 04-man is held out of
# training: the TypeScript wide-framing test composes validation tongues into it.
FACES_TRAIN = {
    '02-woman.jpg': {'mouth': (475, 750), 'faceWidth': 312},
    '03-woman.jpg': {'mouth': (250, 645), 'faceWidth': 290},
}


def all_ids():
    names = sorted(os.listdir(os.path.join(TONGUE, 'images')))
    return [n[:-4] for n in names if n.endswith('.jpg')]


def is_val(sid):
    """Deterministic 10 % validation split by the image ID (md5), independent of file order."""
    return int(hashlib.md5(sid.encode()).hexdigest(), 16) % 10 == 0


class Block(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
            nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        )

    def forward(self, x):
        return self.net(x)


class Up(nn.Module):
    """Decoder step: upsample the deeper map, project it to the skip's width, add, one 3x3 conv."""

    def __init__(self, cdeep, cskip):
        super().__init__()
        self.proj = nn.Conv2d(cdeep, cskip, 1, bias=False)
        self.conv = nn.Sequential(nn.BatchNorm2d(cskip), nn.ReLU(inplace=True),
                                  nn.Conv2d(cskip, cskip, 3, padding=1, bias=False),
                                  nn.BatchNorm2d(cskip), nn.ReLU(inplace=True))

    def forward(self, deep, skip):
        deep = F.interpolate(deep, size=skip.shape[2:], mode='bilinear', align_corners=False)
        return self.conv(self.proj(deep) + skip)


class TongueUNet(nn.Module):
    """Compact U-Net (about 0.4 M parameters, 0.45 GMAC at 256 px): RGB in [0,1] -> one logit map."""

    def __init__(self, ch=(8, 16, 32, 64, 128)):
        super().__init__()
        self.enc = nn.ModuleList()
        cin = 3
        for c in ch:
            self.enc.append(Block(cin, c))
            cin = c
        self.ups = nn.ModuleList([Up(ch[i + 1], ch[i]) for i in reversed(range(len(ch) - 1))])
        self.head = nn.Conv2d(ch[0], 1, 1)
        self.register_buffer('mean', torch.tensor([0.5, 0.5, 0.5]).view(1, 3, 1, 1))

    def forward(self, x):
        x = (x - self.mean) * 2.0
        skips = []
        for i, blk in enumerate(self.enc):
            if i:
                x = F.max_pool2d(x, 2)
            x = blk(x)
            skips.append(x)
        x = skips.pop()
        for up in self.ups:
            x = up(x, skips.pop())
        return self.head(x)
