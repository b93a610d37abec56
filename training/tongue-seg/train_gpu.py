"""Trains a tongue U-Net on a GPU machine within a wall-clock budget, from the packed cache
(pack.py), with the same augmentation as train.py, fed by CPU worker processes.

   python3 training/tongue-seg/train_gpu.py --tag student --budget-s 470 --out $OUT
   python3 training/tongue-seg/train_gpu.py --tag teacher --ch 32,64,128,256,512 --budget-s 470 --out $OUT
   python3 training/tongue-seg/train_gpu.py --tag distil --teacher $T --teacher-ch 32,64,128,256,512 ...

Why a time budget: a lent GPU machine runs a command for at most 10 minutes, so the learning-rate
schedule (warm-up, cosine) runs over elapsed time rather than a step count, and the best
checkpoint (validation mIoU at the network input, as train.py measures it) is written whenever it
improves, so a run cut short still leaves its best. The weights evaluated and saved are an
exponential moving average of the trained ones (--ema), which smooths the last noisy steps.
Distillation (--teacher): the target is (1 - a) x expert mask + a x the teacher's probability on
the same augmented sample, so a compact student can learn the larger network's boundary.

Phone-like photos (--phone P, --phone-val FILE; issue 18 item 6): a share P of the samples is made
phone-like (augment.phone_sample), and each evaluation also measures mIoU at the input on the
select half of the phone-like validation set (phone_val.py). Then the checkpoint rule is: among
evaluations whose device mIoU is at least the starting model's minus --device-slack, the highest
phone-like mIoU (seg-TAG-best.pt). --init-onnx starts from a shipped ONNX model (onnx_init.py).

Leak (--leak-val FILE, --leak-max L; leak_val.py): the wide-frame gate also refuses a model whose
predicted tongue spills past the pasted tongue by more than 8 % of its area; that spill is mostly
onto the pasted photo's own lips at phone scale. Each evaluation measures the largest such share
(at the input) over validation tongues composed into the training faces, and a checkpoint is only
eligible if it is at most L. --ring W adds W x the cross-entropy of the background pixels in a
band just outside the expert outline (where the lips are), so false tongue there costs more."""
import argparse
import copy
import math
import os
import time

import cv2
import numpy as np
import torch

import augment
from common import INPUT, REPO, TongueUNet
from train import loss_fn
from onnx_init import load_onnx
from validate import miou, to_input, val_tensors

cv2.setNumThreads(1)


def unpack(path):
    z = np.load(path)
    blob, offs = z['blob'], z['offs']
    n = len(z['ids'])
    imgs, masks = [], []
    for i in range(n):
        a, b, c = offs[2 * i], offs[2 * i + 1], offs[2 * i + 2]
        imgs.append(cv2.imdecode(blob[a:b], cv2.IMREAD_COLOR)[:, :, ::-1])
        masks.append(cv2.imdecode(blob[b:c], cv2.IMREAD_GRAYSCALE))
    faces = {str(k): cv2.imdecode(z['face_' + str(k)], cv2.IMREAD_COLOR)[:, :, ::-1] for k in z['face_names']}
    return {'imgs': np.stack(imgs), 'masks': np.stack(masks), 'sizes': z['sizes'], 'val': z['val']}, faces


class Batches(torch.utils.data.IterableDataset):
    """Endless augmented batches; each worker draws from its own random stream."""

    def __init__(self, d, faces, idx, batch, seed, cfg):
        self.d, self.faces, self.idx, self.batch, self.seed, self.cfg = d, faces, idx, batch, seed, cfg

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        wid = info.id if info else 0
        augment.FACE['share'], augment.FACE['skin'], augment.HARD_LIGHT['p'], augment.PHONE['p'], augment.PHONE['neg'] = self.cfg
        augment.SIZE['out'] = INPUT
        rng = np.random.default_rng([self.seed, wid])
        faces = augment.prepare_faces(self.faces)
        d = self.d
        while True:
            pick = rng.choice(self.idx, self.batch)
            xs, ys = [], []
            for i in pick:
                im, m = augment.sample(d['imgs'], d['masks'], d['sizes'], int(i), self.idx, faces, rng)
                xs.append(np.clip(im + 0.5, 0, 255).astype(np.uint8))
                ys.append(m.astype(np.float32))
            yield torch.from_numpy(np.stack(xs)), torch.from_numpy(np.stack(ys))


def load_phone_val(path):
    """The select half of the phone-like validation set at the input (phone_val.py pack_select)."""
    z = np.load(path)
    blob, offs, n = z['blob'], z['offs'], int(z['n'])
    dec = lambda k, flag: cv2.imdecode(blob[offs[k]:offs[k + 1]], flag)
    imgs = np.stack([dec(k, cv2.IMREAD_COLOR)[:, :, ::-1] for k in range(n)])
    return np.ascontiguousarray(imgs), np.stack([dec(n + k, cv2.IMREAD_GRAYSCALE) for k in range(n)])


@torch.no_grad()
def leak_shares(model, lx, lm):
    """Per composite: false tongue pixels as a share of the true tongue's area (the gate's leak)."""
    model.eval()
    out = []
    for k in range(0, len(lx), 64):
        p = model(to_input(lx[k:k + 64]))[:, 0] > 0
        t = lm[k:k + 64]
        out.append(((p & ~t).sum((1, 2)).float() / t.sum((1, 2)).clamp(min=1).float()).cpu())
    return torch.cat(out).numpy()


def ring_loss(logits, y, px):
    """Cross-entropy of the background pixels within px of the tongue (lips, teeth, mouth corner)."""
    near = torch.nn.functional.max_pool2d(y[:, None], 2 * px + 1, 1, px)[:, 0] > 0.5
    ring = near & (y < 0.5)
    if not ring.any():
        return logits.sum() * 0
    return torch.nn.functional.binary_cross_entropy_with_logits(logits[ring], torch.zeros_like(logits[ring]))


def ema_update(ema, model, decay):
    with torch.no_grad():
        for e, p in zip(ema.state_dict().values(), model.state_dict().values()):
            if e.dtype.is_floating_point:
                e.mul_(decay).add_(p.detach(), alpha=1 - decay)
            else:
                e.copy_(p)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default=os.path.join(REPO, 'training', '.gpu', 'tongue320-packed.npz'))
    ap.add_argument('--out', required=True)
    ap.add_argument('--tag', required=True)
    ap.add_argument('--ch', default='8,16,32,64,128')
    ap.add_argument('--init', help='start from these weights (no warm-up)')
    ap.add_argument('--teacher')
    ap.add_argument('--teacher-ch', default='32,64,128,256,512')
    ap.add_argument('--distil', type=float, default=0.5, help='weight of the teacher in the target')
    ap.add_argument('--budget-s', type=float, default=470)
    ap.add_argument('--eval-s', type=float, default=20)
    ap.add_argument('--batch', type=int, default=32)
    ap.add_argument('--lr', type=float, default=4e-3)
    ap.add_argument('--ema', type=float, default=0.999)
    ap.add_argument('--workers', type=int, default=7)
    ap.add_argument('--seed', type=int, default=11)
    ap.add_argument('--face-share', type=float, default=0.4)
    ap.add_argument('--skin', type=float, default=0.5)
    ap.add_argument('--hard-light', type=float, default=0.05)
    ap.add_argument('--phone', type=float, default=0.0, help='share of phone-like samples')
    ap.add_argument('--phone-neg', type=float, default=0.0, help='share of phone-like samples with no tongue')
    ap.add_argument('--phone-val', help='phone-val-select.npz (phone_val.py): choose checkpoints on it too')
    ap.add_argument('--device-slack', type=float, default=0.001,
                    help='device mIoU a checkpoint may lose against the start and still be chosen')
    ap.add_argument('--init-onnx', help='start from this ONNX model (no warm-up)')
    ap.add_argument('--leak-val', help='leak-val.npz (leak_val.py): largest leak share at the input')
    ap.add_argument('--leak-max', type=float, help='a checkpoint is eligible only if its largest leak is at most this')
    ap.add_argument('--ring', type=float, default=0.0, help='extra weight of background just outside the outline')
    ap.add_argument('--ring-px', type=int, default=6, help='width of that band at the input, pixels')
    args = ap.parse_args()
    t_start = time.time()
    torch.manual_seed(args.seed)
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    os.makedirs(args.out, exist_ok=True)
    log = open(os.path.join(args.out, f'{args.tag}.log'), 'a')

    def say(s):
        print(f'[{args.tag}] {s}', flush=True)
        log.write(s + '\n')
        log.flush()

    d, faces = unpack(args.data)
    train_idx, val_idx = np.nonzero(~d['val'])[0], np.nonzero(d['val'])[0]
    vx, vm = val_tensors(d, val_idx, dev)
    ch = tuple(int(c) for c in args.ch.split(','))
    model = TongueUNet(ch).to(dev).to(memory_format=torch.channels_last)
    if args.init:
        model.load_state_dict({k: v.float() for k, v in torch.load(args.init, map_location='cpu')['model'].items()})
    if args.init_onnx:
        calib = np.stack([cv2.resize(d['imgs'][i], (INPUT, INPUT), interpolation=cv2.INTER_AREA) for i in train_idx[:256]])
        load_onnx(model, args.init_onnx, to_input(torch.from_numpy(calib).to(dev)))
        args.init = args.init_onnx
    lx = lm = None
    if args.leak_val:
        x, m = load_phone_val(args.leak_val)
        lx, lm = torch.from_numpy(x).to(dev), torch.from_numpy(m).to(dev) > 127
    px = pm = None
    if args.phone_val:
        x, m = load_phone_val(args.phone_val)
        px, pm = torch.from_numpy(x).to(dev), torch.from_numpy(m).to(dev) > 127
    ema = copy.deepcopy(model)
    teacher = None
    if args.teacher:
        teacher = TongueUNet(tuple(int(c) for c in args.teacher_ch.split(','))).to(dev).to(memory_format=torch.channels_last)
        teacher.load_state_dict({k: v.float() for k, v in torch.load(args.teacher, map_location='cpu')['model'].items()})
        teacher.eval()
        say(f'teacher mIoU at input {miou(teacher, vx, vm)[0]:.4f}')
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    loader = torch.utils.data.DataLoader(
        Batches(d, faces, train_idx, args.batch, args.seed, (args.face_share, args.skin, args.hard_light, args.phone, args.phone_neg)),
        batch_size=None, num_workers=args.workers, prefetch_factor=4, persistent_workers=True, pin_memory=True)
    say(f'params {sum(p.numel() for p in model.parameters())} train {len(train_idx)} val {len(val_idx)} '
        f'setup {time.time() - t_start:.0f}s')
    t0 = time.time()
    budget = max(1.0, args.budget_s - (t0 - t_start))
    warm = 0.0 if args.init else 0.03
    best, step, seen, run, last_eval = 0.0, 0, 0, 0.0, t0
    floor = None  # device mIoU a checkpoint must keep (phone-like choice)

    def evaluate(lr):
        nonlocal best, floor
        m, iou = miou(ema, vx, vm)
        mark, key, phone_note = '', m, ''
        if px is not None:
            pmi, piou = miou(ema, px, pm)
            phone_note = f' phone_mIoU_at_input {pmi:.4f} tongue {piou[0]:.4f}'
            if floor is None:
                floor = (m if args.init else 0.0) - args.device_slack
            key = pmi if m >= floor else 0.0
        if lx is not None:
            ls = leak_shares(ema, lx, lm)
            phone_note += f' leak_max {ls.max():.4f} p90 {np.percentile(ls, 90):.4f} mean {ls.mean():.4f}'
            if args.leak_max is not None and ls.max() > args.leak_max:
                key = 0.0
        if key > best:
            best, mark = key, ' *'
            state = {k: (v.half() if v.dtype == torch.float32 and sum(ch) > 400 else v).cpu()
                     for k, v in ema.state_dict().items()}
            torch.save({'model': state, 'epoch': step, 'miou_input': m, 'phone_miou_input': key, 'ch': ch},
                       os.path.join(args.out, f'seg-{args.tag}-best.pt'))
        say(f'{time.time() - t0:.0f}s step {step} samples {seen} loss {run:.4f} lr {lr:.5f} '
            f'val_mIoU_at_input {m:.4f} tongue {iou[0]:.4f} bg {iou[1]:.4f}{phone_note}{mark}')

    if args.init:
        evaluate(0.0)
    for x, y in loader:
        frac = (time.time() - t0) / budget
        if frac >= 1:
            break
        lr = args.lr * min(1.0, (frac + 1e-4) / warm if warm else 1.0) * 0.5 * (1 + math.cos(math.pi * frac))
        for g in opt.param_groups:
            g['lr'] = lr
        model.train()
        x = to_input(x.to(dev, non_blocking=True))
        y = y.to(dev, non_blocking=True)
        with torch.autocast(dev.type, dtype=torch.bfloat16, enabled=dev.type == 'cuda'):
            if teacher is not None:
                with torch.no_grad():
                    y = (1 - args.distil) * y + args.distil * torch.sigmoid(teacher(x)[:, 0].float())
            logits = model(x)[:, 0].float()
        loss = loss_fn(logits, y)
        if args.ring > 0:
            loss = loss + args.ring * ring_loss(logits, y, args.ring_px)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        ema_update(ema, model, min(args.ema, (1 + step) / (10 + step)))
        step += 1
        seen += len(x)
        run = 0.98 * run + 0.02 * loss.item() if step > 1 else loss.item()
        if time.time() - last_eval > args.eval_s:
            last_eval = time.time()
            evaluate(lr)
    evaluate(0.0)
    say(f'done: steps {step} samples {seen} best {best:.4f} {time.time() - t_start:.0f}s')


if __name__ == '__main__':
    main()
