# Praat's standard To Pitch (ac) track of a file, frame by frame, as one JSON line: the first
# frame's time, the time step, and F0 per frame (0 where unvoiced). Several channels: their mean,
# as the engine mixes them (praat-reference.praat).
form Pitch frames
  sentence file
endform
sound = Read from file: file$
nch = Get number of channels
if nch > 1
  sound = Convert to mono
endif
pitch = To Pitch (ac): 0, 75, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 600
n = Get number of frames
t1 = Get time from frame number: 1
dt = Get time step
writeInfo: "{""t1"":", fixed$(t1, 9), ",""dt"":", fixed$(dt, 9), ",""f0"":["
for i to n
  f = Get value in frame: i, "Hertz"
  if f = undefined
    f = 0
  endif
  appendInfo: if i > 1 then "," else "" fi, fixed$(f, 6)
endfor
appendInfoLine: "]}"
