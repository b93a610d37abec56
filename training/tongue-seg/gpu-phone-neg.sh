#!/bin/bash
# Second GPU step of issue 18 item 6: phone50 (gpu-phone.sh) fine-tuned further with tongue-free
# phone-like face frames (--phone-neg), to take its leak onto lips below the 8 % gate. Needs
# training/.cache/seg-phone50-best.pt copied to training/.gpu/.
set -u
cd "$(dirname "$0")"
export PYTHONUNBUFFERED=1
common="--init ../.gpu/seg-phone50-best.pt --phone 0.5 --lr 7e-4 --device-slack 0.0006 --phone-val ../.gpu/phone-val-select.npz --workers 7 --budget-s ${BUDGET:-270} --out $OUT"
python3 train_gpu.py --tag neg25 --phone-neg 0.25 --seed 41 $common 2>&1 | grep -v -i warning &
python3 train_gpu.py --tag neg40 --phone-neg 0.4 --seed 43 $common 2>&1 | grep -v -i warning &
wait
