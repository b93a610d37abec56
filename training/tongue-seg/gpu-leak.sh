#!/bin/bash
# Third GPU step of issue 18 item 6 (session 19): from neg25 (gpu-phone-neg.sh), checkpoints chosen
# with the leak check (leak_val.py, --leak-max) as well as the device floor and the phone-like
# select half (a checkpoint may leak no more than the shipped 1.4.0 on the check); one run as before, one with the band outside the outline weighted (--ring).
# Needs training/.gpu/seg-neg25-best.pt, phone-val-select.npz and leak-val.npz.
set -u
cd "$(dirname "$0")"
export PYTHONUNBUFFERED=1
nvidia-smi -L
# The shipped model passes the wide-frame gate: a checkpoint may leak no more than it on the check.
python3 leak_check.py ../../models/tongue-seg/tongue-seg.onnx ../.gpu/seg-neg25-best.pt --write "$OUT/leak-max.txt" 2>&1 | grep -v -i warning
LEAK_MAX=${LEAK_MAX:-$(cat "$OUT/leak-max.txt")}
echo "leak max for eligibility: $LEAK_MAX"
common="--init ../.gpu/seg-neg25-best.pt --phone 0.5 --phone-neg 0.25 --lr ${LR:-5e-4} --device-slack 0.0006 --phone-val ../.gpu/phone-val-select.npz --leak-val ../.gpu/leak-val.npz --leak-max ${LEAK_MAX:?} --eval-s 10 --workers 7 --budget-s ${BUDGET:-300} --out $OUT"
python3 train_gpu.py --tag leak --seed 53 $common 2>&1 | grep -v -i warning &
python3 train_gpu.py --tag ring --ring 1.0 --seed 59 $common 2>&1 | grep -v -i warning &
wait
ls -la "$OUT"
