"""Which measurements each model reads (names as written by measure.ts) and which labels it
learns from. An 11x11 top-hat and a white top-hat of a* were tried and dropped: 5-fold CV on the
training photos was equal or better without them (cracks AUC 0.820 -> 0.823, tooth marks
0.764 -> 0.771) and they cost ~6 ms per photo."""

QS5 = (10, 25, 50, 75, 90)
QS3 = (25, 50, 75)
ZONES = ('tip', 'centre', 'root', 'sides')

# The baseline of issue 9: CIELAB percentiles of all pixels in the mask.
BASELINE = [f'all_{c}_p{q}' for c in 'Lab' for q in QS5]
COLOUR = (
    BASELINE
    + [f'{p}_{c}_p{q}' for p in ('body', 'coat') for c in 'Lab' for q in QS3]
    + ['coverage', 'highlight_share', 'shadow_share', 'split_gap', 'body_chroma_p50', 'coat_chroma_p50',
       'body_hue', 'coat_hue', 'body_minus_coat_a', 'coat_L_std']
    + [f'{z}_{c}' for z in ZONES for c in ('L', 'a', 'b', 'coverage', 'body_L', 'body_a', 'body_b')]
)
TEXTURE = (
    [f'{k}_{r}' for r in ('in', 'ctr', 'mid') for k in (
        'th_mean', 'th_gt4', 'th_gt8', 'th_gt12', 'th_p90', 'th_p99',
        'v1_mean', 'v1_gt2', 'v1_gt4', 'v2_mean', 'v2_gt2', 'v2_gt4')]
    + ['crack_long_share', 'crack_long_count', 'crack_max_len', 'L_std_in', 'glint_per_1000px']
)
CRACK_SHAPE = ['crack_elong_share', 'crack_elong_max', 'mid_line_rows']
CONTOUR = ['width_length_ratio', 'fill_ratio', 'solidity', 'width_at_50', 'width_at_75', 'width_at_90',
           'edge_rms', 'dent_p90', 'dent_max', 'scallops_1pct', 'scallops_2pct', 'side_band_dL', 'side_band_da',
           'side_band_db', 'edge_rms_15', 'scallops_1pct_15', 'edge_rms_61', 'side_band_ripple']
SIDE_TEXTURE = [f'{k}_side' for k in ('th_mean', 'th_gt4', 'th_gt8', 'th_gt12', 'th_p90', 'th_p99',
                                      'v1_mean', 'v1_gt2', 'v1_gt4', 'v2_mean', 'v2_gt2', 'v2_gt4')]
# Body and coating layers only, and the same with the all-pixel percentiles: smaller sets
# for the colour models, chosen against COLOUR by cross-validation (train.py).
BODY_COAT = ([f'{p}_{c}_p{q}' for p in ('body', 'coat') for c in 'Lab' for q in QS3]
             + ['coverage', 'body_chroma_p50', 'coat_chroma_p50', 'body_hue', 'coat_hue'])
BASE_BODY_COAT = BASELINE + [f'{p}_{c}_p{q}' for p in ('body', 'coat') for c in 'Lab' for q in QS3]
SMALL_COLOUR = ['all_L_p50', 'all_a_p50', 'all_b_p50', 'coverage', 'highlight_share', 'shadow_share']

FEATURE_SETS = {
    'baseline': BASELINE,
    'colour': COLOUR,
    'body_coat': BODY_COAT,
    'baseline_body_coat': BASE_BODY_COAT,
    'cracks': TEXTURE + CRACK_SHAPE + SMALL_COLOUR + ['width_length_ratio'],
    'teeth': CONTOUR + SIDE_TEXTURE + TEXTURE + SMALL_COLOUR,
    'coating_type': COLOUR + TEXTURE,
}

_GRADE = {'NaN': 'none', 'light': 'present', 'severe': 'present'}

# target: key of common.targets() (expert labels) or None for weak-label-only tasks;
# weak: (column of labels-predicted.tsv, mapping) used for photos without that expert label.
TASKS = {
    # A list of measurement sets: train.py picks one by cross-validation.
    'coating_colour': {'target': 'coating', 'features': ['colour', 'body_coat', 'baseline_body_coat'],
                       'weak': ('tai_label', {'white': 'white', 'light_yellow': 'light_yellow', 'yellow': 'yellow'})},
    # Weak body-colour labels lowered the cross-validated macro-F1 (0.895 -> 0.859): not used.
    'body_colour': {'target': 'body', 'features': ['colour', 'body_coat', 'baseline_body_coat'], 'weak': None},
    'cracks': {'target': 'cracks', 'features': 'cracks', 'weak': ('fissure_label', _GRADE)},
    'cracks_severity': {'target': 'cracks_severity', 'features': 'cracks', 'weak': None},
    # Weak tooth-mark labels lowered the cross-validated AUC (0.752 -> 0.743): not used.
    'tooth_marks': {'target': 'teeth', 'features': 'teeth', 'weak': None},
    'tooth_marks_severity': {'target': 'teeth_severity', 'features': 'teeth', 'weak': None},
    'coating_thickness': {'target': None, 'features': 'coating_type',
                          'weak': ('coating_label', {'greasy_thick': 'thick', 'greasy': 'thin', 'non_greasy': 'thin'})},
    'greasy': {'target': None, 'features': 'coating_type',
               'weak': ('coating_label', {'greasy_thick': 'greasy', 'greasy': 'greasy', 'non_greasy': 'not_greasy'})},
}
