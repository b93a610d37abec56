# Praat reference measures for the voice engine test: standard To Pitch (ac), To PointProcess (cc),
# jitter/shimmer (local) with Praat defaults, To Harmonicity (cc), To Intensity. Prints one JSON line.
form Voice reference
  sentence file
endform
sound = Read from file: file$
# Several channels: their mean, as the engine mixes them (docs/voice.md, "Sample rates").
nch = Get number of channels
if nch > 1
  sound = Convert to mono
endif
rate = Get sampling frequency
dur = Get total duration
selectObject: sound
pitch = To Pitch (ac): 0, 75, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 600
f0mean = Get mean: 0, 0, "Hertz"
f0sd = Get standard deviation: 0, 0, "Hertz"
f0min = Get minimum: 0, 0, "Hertz", "Parabolic"
f0max = Get maximum: 0, 0, "Hertz", "Parabolic"
nvoiced = Count voiced frames
nframes = Get number of frames
selectObject: sound, pitch
pp = To PointProcess (cc)
jit = Get jitter (local): 0, 0, 0.0001, 0.02, 1.3
npts = Get number of points
selectObject: sound, pp
shim = Get shimmer (local): 0, 0, 0.0001, 0.02, 1.3, 1.6
selectObject: sound
harm = To Harmonicity (cc): 0.01, 75, 0.1, 1.0
hnr = Get mean: 0, 0
selectObject: sound
inten = To Intensity: 100, 0, "yes"
imean = Get mean: 0, 0, "energy"
writeInfoLine: "{""f0Mean"":", fixed$(f0mean, 6), ",""f0Sd"":", fixed$(f0sd,6), ",""f0Min"":", fixed$(f0min,6), ",""f0Max"":", fixed$(f0max,6), ",""voicedFrames"":", nvoiced, ",""frames"":", nframes, ",""jitterLocal"":", fixed$(jit, 8), ",""shimmerLocal"":", fixed$(shim, 8), ",""hnr"":", fixed$(hnr, 6), ",""points"":", npts, ",""intensity"":", fixed$(imean,6), ",""duration"":", fixed$(dur,6), ",""rate"":", rate, ",""channels"":", nch, "}"
