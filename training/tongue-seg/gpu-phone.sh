#!/bin/bash
# Issue 18 item 6 on a lent GPU machine (run tool, with training/.gpu carried): two fine-tunings of
# the shipped model with phone-like samples, side by side (7 CPU workers each), checkpoints chosen
# on the select half of the phone-like set (train_gpu.py). Writes logs and the two best
# checkpoints to $OUT; export.py turns a checkpoint into ONNX here.
set -u
cd "$(dirname "$0")"
export PYTHONUNBUFFERED=1
nvidia-smi -L
common="--init-onnx ../../models/tongue-seg/tongue-seg.onnx --phone-val ../.gpu/phone-val-select.npz --workers 7 --budget-s ${BUDGET:-330} --out $OUT"
python3 train_gpu.py --tag phone30 --phone 0.3 --lr 1e-3 --seed 31 $common 2>&1 | grep -v -i warning &
python3 train_gpu.py --tag phone50 --phone 0.5 --lr 1.5e-3 --seed 37 $common 2>&1 | grep -v -i warning &
wait
ls -la "$OUT"
