"""Trains the compact tongue U-Net on the cached 320 px images (run prep.py first).
   nohup nice -n 5 /usr/bin/python3 training/tongue-seg/train.py --epochs 8 --steps 64 > training/.cache/train.log 2>&1 &
Checkpoints every epoch to training/.cache/seg-last.pt and the best validation epoch to seg-best.pt
(validation here: mIoU at the network input, validate.py; eval:tongue-seg measures it at the original resolution)."""
import argparse
import math
import os
import time

import numpy as np
import torch
import torch.nn.functional as F

from augment import FACE, HARD_LIGHT, SIZE, prepare_faces, sample
from common import CACHE, INPUT, TongueUNet
from validate import miou, val_tensors


def loss_fn(logits, target):
    bce = F.binary_cross_entropy_with_logits(logits, target)
    p = torch.sigmoid(logits)
    inter = (p * target).sum((1, 2))
    dice = 1 - (2 * inter + 1) / (p.sum((1, 2)) + target.sum((1, 2)) + 1)
    return bce + dice.mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--epochs', type=int, default=40)
    ap.add_argument('--batch', type=int, default=16)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--resume', action='store_true')
    ap.add_argument('--hard-light', type=float, default=0.0, help='share of darkened and of colour-cast samples')
    ap.add_argument('--stop-after', type=int, help='last epoch to run (the schedule still spans --epochs)')
    ap.add_argument('--init', help='start from these weights (a fine-tuning run: no warm-up)')
    ap.add_argument('--small', type=int, default=160, help='sample side of the first epochs')
    ap.add_argument('--small-epochs', type=int, default=5)
    ap.add_argument('--steps', type=int, default=64, help='batches per epoch (the shared 2-core machine allows few)')
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--face-share', type=float, default=0.3, help='share of samples pasted into a face photo')
    ap.add_argument('--skin', type=float, default=0.0, help='chance a face photo gets another skin tone first')
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    HARD_LIGHT['p'] = args.hard_light
    FACE['share'], FACE['skin'] = args.face_share, args.skin
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)

    d = dict(np.load(os.path.join(CACHE, 'tongue320.npz')))
    faces = prepare_faces(np.load(os.path.join(CACHE, 'faces.npz')))
    train_idx = np.nonzero(~d['val'])[0]
    val_idx = np.nonzero(d['val'])[0]
    vx, vm = val_tensors(d, val_idx, 'cpu')
    print('train', len(train_idx), 'val', len(val_idx), flush=True)

    model = TongueUNet().to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    steps_per_epoch = min(args.steps, len(train_idx) // args.batch)
    total = args.epochs * steps_per_epoch
    warm = 1 if args.init else steps_per_epoch
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warm) * 0.5 * (1 + math.cos(math.pi * min(s, total) / total)))
    start, best = 0, 0.0
    if args.init:
        model.load_state_dict(torch.load(args.init)['model'])
    tag = os.environ.get('RUN_TAG', '')
    last_path = os.path.join(CACHE, f'seg{tag}-last.pt')
    if args.resume and os.path.exists(last_path):
        ck = torch.load(last_path)
        model.load_state_dict(ck['model'])
        opt.load_state_dict(ck['opt'])
        sched.load_state_dict(ck['sched'])
        start, best = ck['epoch'] + 1, ck['best']
        rng = np.random.default_rng(args.seed + start)
    last = args.epochs if args.stop_after is None else min(args.epochs, args.stop_after + 1)
    for epoch in range(start, last):
        model.train()
        SIZE['out'] = args.small if epoch < args.small_epochs else INPUT
        t0 = time.time()
        order = rng.permutation(train_idx)
        run = 0.0
        for s in range(steps_per_epoch):
            batch = [sample(d['imgs'], d['masks'], d['sizes'], int(i), train_idx, faces, rng)
                     for i in order[s * args.batch:(s + 1) * args.batch]]
            x = torch.from_numpy(np.stack([b[0] for b in batch]) / 255.0).float().permute(0, 3, 1, 2)
            x = x.contiguous(memory_format=torch.channels_last)
            y = torch.from_numpy(np.stack([b[1] for b in batch])).float()
            loss = loss_fn(model(x)[:, 0], y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            run += loss.item()
            if s % 40 == 39:
                print(f'  step {s + 1}/{steps_per_epoch} loss {run / (s + 1):.4f} {time.time() - t0:.0f}s', flush=True)
        m, iou = miou(model, vx, vm)
        if m > best:
            best = m
            torch.save({'model': model.state_dict(), 'epoch': epoch, 'miou_input': m}, os.path.join(CACHE, f'seg{tag}-best.pt'))
        torch.save({'model': model.state_dict(), 'opt': opt.state_dict(), 'sched': sched.state_dict(),
                    'epoch': epoch, 'best': best}, last_path)
        print(f'epoch {epoch} loss {run / steps_per_epoch:.4f} val_mIoU_at_input {m:.4f} tongue {iou[0]:.4f} '
              f'bg {iou[1]:.4f} size {SIZE["out"]} best {best:.4f} lr {sched.get_last_lr()[0]:.5f} {time.time() - t0:.0f}s', flush=True)


if __name__ == '__main__':
    main()
