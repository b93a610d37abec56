"""Training-time augmentation. Besides colour, blur and geometry it builds the phone-like wide
framings the capture-device crops lack: the tongue photo composed into a real face photo around
the mouth (lips, chin, cheeks around it, feathered so no seam is left) or into a mosaic of other
real tongue photos (real surroundings, other tongues with their own masks). Never edge padding."""
import cv2
import numpy as np

import phone
from common import FACES_TRAIN, INPUT

# Output side of the training samples; train.py lowers it for the first epochs (progressive resizing).
SIZE = {'out': INPUT}
# Share of samples darkened (x0.3-0.8) and of samples with a strong colour cast; train.py sets it.
HARD_LIGHT = {'p': 0.0}
# Share of face composites (tongue pasted into a face photo) and the chance that the face is given
# another skin tone and light first: there are only two training faces, phones meet every skin
# tone and light (train.py --face-share, --skin).
FACE = {'share': 0.3, 'skin': 0.0}
# Share of phone-like samples (phone.photo: light, framing, JPEG 30-70, low resolution), made from
# the training photos and the two training faces (the validation set uses the held-out face);
# train_gpu.py --phone sets it; --phone-neg the share of these that show the face with no tongue
# (lips, moustache and teeth in phone light are not tongue).
PHONE = {'p': 0.0, 'neg': 0.0}


def skin_tone(fimg, rng):
    """The face photo darker (L x0.35-0.9) and warmer or cooler, as other skin tones and light give."""
    lab = cv2.cvtColor(np.clip(fimg, 0, 255).astype(np.uint8), cv2.COLOR_RGB2LAB).astype(np.float32)
    lab[..., 0] *= rng.uniform(0.35, 0.9)
    lab[..., 1] += rng.uniform(-3, 6)
    lab[..., 2] += rng.uniform(-6, 10)
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2RGB).astype(np.float32)


def _face(face, rng):
    fimg, mouth, fw = face
    return (skin_tone(fimg, rng) if rng.random() < FACE['skin'] else fimg), mouth, fw

FACE_SCALE = 0.5  # face photos are used at half size (600 px tall): plenty for a 256 px window


def prepare_faces(faces_npz):
    out = []
    for name, meta in FACES_TRAIN.items():
        img = faces_npz[name.replace('.jpg', '')]
        img = cv2.resize(img, None, fx=FACE_SCALE, fy=FACE_SCALE, interpolation=cv2.INTER_AREA)
        out.append((img.astype(np.float32), np.array(meta['mouth'], np.float32) * FACE_SCALE,
                    meta['faceWidth'] * FACE_SCALE))
    return out


def _window(img, mask, cx, cy, side_h, aspect, rng):
    """Crops a window of height side_h around (cx, cy), kept inside the image, resized to INPUT."""
    H, W = mask.shape
    h = int(min(side_h, H))
    w = int(min(side_h * aspect, W))
    x0 = int(np.clip(cx - w / 2 + rng.uniform(-0.1, 0.1) * w, 0, W - w))
    y0 = int(np.clip(cy - h / 2 + rng.uniform(-0.1, 0.1) * h, 0, H - h))
    im = cv2.resize(img[y0:y0 + h, x0:x0 + w], (SIZE['out'], SIZE['out']), interpolation=cv2.INTER_AREA)
    m = cv2.resize(mask[y0:y0 + h, x0:x0 + w], (SIZE['out'], SIZE['out']), interpolation=cv2.INTER_AREA)
    return im, m


def _lab(img):
    return cv2.cvtColor(np.clip(img, 0, 255).astype(np.uint8), cv2.COLOR_RGB2LAB).astype(np.float32)


def face_composite(img, mask, size, face, rng):
    """Tongue photo (its own aspect) pasted below the mouth of a face photo with a feathered alpha."""
    fimg, mouth, fw = face
    w0, h0 = size
    tw = fw * rng.uniform(0.5, 0.75)
    th = tw * h0 / w0
    tw, th = int(round(tw)), int(round(th))
    crop = cv2.resize(img, (tw, th), interpolation=cv2.INTER_AREA).astype(np.float32)
    cm = cv2.resize(mask, (tw, th), interpolation=cv2.INTER_AREA)
    # Alpha: the tongue and a random margin of its own surroundings (lips, teeth), feathered out.
    r = max(2, int(tw * rng.uniform(0.03, 0.1)))
    alpha = cv2.dilate((cm > 0.5).astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))
    alpha = cv2.GaussianBlur(alpha.astype(np.float32), (0, 0), r / 2 + 1)
    # Taper to 0 at the crop's border so no straight seam is left; where the tongue itself reaches
    # the border it fades into the chin, and its target fades with it.
    t = max(2.0, 0.08 * min(tw, th))
    yy, xx = np.mgrid[0:th, 0:tw].astype(np.float32)
    taper = np.clip(np.minimum.reduce([xx + 0.5, tw - 0.5 - xx, yy + 0.5, th - 0.5 - yy]) / t, 0, 1)
    alpha = np.minimum(np.maximum(alpha, cm), taper)
    cm = cm * np.clip(alpha * 2 - 0.5, 0, 1)
    x0 = int(mouth[0] - tw / 2 + rng.uniform(-0.05, 0.05) * fw)
    y0 = int(mouth[1] - th * rng.uniform(0.05, 0.3))
    H, W = fimg.shape[:2]
    xa, ya, xb, yb = max(0, x0), max(0, y0), min(W, x0 + tw), min(H, y0 + th)
    if xb - xa < tw // 2 or yb - ya < th // 2:
        return None
    crop, cm, alpha = (a[ya - y0:yb - y0, xa - x0:xb - x0] for a in (crop, cm, alpha))
    region = fimg[ya:yb, xa:xb]
    # Pull the pasted photo's colour part of the way towards the face's so the seam is not a cue.
    ring = (alpha > 0.05) & (alpha < 0.9) & (cm < 0.1)
    if ring.sum() > 50:
        k = rng.uniform(0.3, 1.0)
        shift = (_lab(region)[ring].mean(0) - _lab(crop)[ring].mean(0)) * k
        crop = cv2.cvtColor(np.clip(_lab(crop) + shift, 0, 255).astype(np.uint8), cv2.COLOR_LAB2RGB).astype(np.float32)
    out = fimg.copy()
    out[ya:yb, xa:xb] = region * (1 - alpha[..., None]) + crop * alpha[..., None]
    full = np.zeros((H, W), np.float32)
    full[ya:yb, xa:xb] = cm
    ys, xs = np.nonzero(cm > 0.5)
    if len(ys) == 0:
        return None
    cx, cy = xa + xs.mean(), ya + ys.mean()
    tongue_h = ys.max() - ys.min() + 1
    side = tongue_h / rng.uniform(0.3, 0.75)
    return _window(out, full, cx, cy, side, rng.uniform(0.75, 1.33), rng)


def mosaic(imgs, masks, i, pool, rng):
    """3x3 grid of real tongue photos of random sizes, the sample in the centre, window around it."""
    s = int(rng.uniform(140, 260))
    canvas = np.zeros((3 * s, 3 * s, 3), np.float32)
    cmask = np.zeros((3 * s, 3 * s), np.float32)
    for gy in range(3):
        for gx in range(3):
            j = i if (gx, gy) == (1, 1) else int(rng.choice(pool))
            canvas[gy * s:(gy + 1) * s, gx * s:(gx + 1) * s] = cv2.resize(imgs[j], (s, s), interpolation=cv2.INTER_AREA)
            cmask[gy * s:(gy + 1) * s, gx * s:(gx + 1) * s] = cv2.resize(masks[j], (s, s), interpolation=cv2.INTER_AREA) / 255.0
    side = s / rng.uniform(0.45, 0.95)
    return _window(canvas, cmask, 1.5 * s, 1.5 * s, side, rng.uniform(0.75, 1.33), rng)


def face_negative(face, rng):
    """A window of a face photo (mouth often in view) with no tongue: teaches lips are not tongue."""
    fimg, mouth, fw = face
    side = fw * rng.uniform(0.5, 1.5)
    cx, cy = mouth + rng.uniform(-0.3, 0.3, 2) * fw
    return _window(fimg, np.zeros(fimg.shape[:2], np.float32), cx, cy, side, rng.uniform(0.75, 1.33), rng)


def plain(img, mask, rng):
    """The capture-device framing: mild rotation and zoom-in crop (no borders ever enter)."""
    S = img.shape[0]
    if rng.random() < 0.3:
        return cv2.resize(img, (SIZE['out'], SIZE['out']), interpolation=cv2.INTER_AREA).astype(np.float32), \
            cv2.resize(mask, (SIZE['out'], SIZE['out']), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    ang = rng.uniform(-10, 10)
    rot = cv2.getRotationMatrix2D((S / 2, S / 2), ang, 1.0)
    im = cv2.warpAffine(img, rot, (S, S), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    m = cv2.warpAffine(mask, rot, (S, S), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    safe = S / (abs(np.cos(np.radians(ang))) + abs(np.sin(np.radians(ang))))  # inscribed square: no reflected pixel
    w = safe * rng.uniform(0.8, 1.0)
    h = w * rng.uniform(0.85, 1.0)
    off = (S - safe) / 2
    x0 = int(off + rng.uniform(0, safe - w))
    y0 = int(off + rng.uniform(0, safe - h))
    im = cv2.resize(im[y0:y0 + int(h), x0:x0 + int(w)], (SIZE['out'], SIZE['out']), interpolation=cv2.INTER_AREA)
    m = cv2.resize(m[y0:y0 + int(h), x0:x0 + int(w)], (SIZE['out'], SIZE['out']), interpolation=cv2.INTER_AREA)
    return im.astype(np.float32), m.astype(np.float32) / 255.0


def photometric(im, rng):
    im = im.astype(np.float32)
    if rng.random() < 0.8:
        hsv = cv2.cvtColor(np.clip(im, 0, 255).astype(np.uint8), cv2.COLOR_RGB2HSV).astype(np.float32)
        hsv[..., 0] = (hsv[..., 0] + rng.uniform(-5, 5)) % 180
        hsv[..., 1] *= rng.uniform(0.7, 1.3)
        im = cv2.cvtColor(np.clip(hsv, 0, 255).astype(np.uint8), cv2.COLOR_HSV2RGB).astype(np.float32)
    im = (im - 128) * rng.uniform(0.75, 1.25) + 128 + rng.uniform(-30, 30)
    im = im * rng.uniform(0.9, 1.1, 3)  # white-balance error
    # Badly lit phone photos: the tongue must still be found so that the quality check can name
    # the problem (too dark, colour cast) instead of reporting no tongue.
    if HARD_LIGHT['p'] > 0 and rng.random() < HARD_LIGHT['p']:
        im = im * rng.uniform(0.3, 0.8)
    if HARD_LIGHT['p'] > 0 and rng.random() < HARD_LIGHT['p']:
        im = im * rng.uniform(0.7, 1.35, 3)
    if rng.random() < 0.2:
        im = cv2.GaussianBlur(im, (0, 0), rng.uniform(0.5, 1.8))
    if rng.random() < 0.2:
        im = im + rng.normal(0, rng.uniform(2, 6), im.shape)
    return np.clip(im, 0, 255)


def phone_sample(img, mask, size, faces, rng):
    """A phone-like sample: the cached (square) photo given back its aspect, then phone.photo in a
    training face or tilted, JPEG at its quality and resolution, then the network's square input."""
    w0, h0 = size
    S = img.shape[0]
    wh = (max(8, int(round(S * w0 / h0))), S)
    img = cv2.resize(img, wh, interpolation=cv2.INTER_AREA)
    mask = cv2.resize(mask, wh, interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    fimg, mouth, fw = faces[rng.integers(len(faces))]
    if rng.random() < PHONE['neg']:
        face = phone.skin(fimg, rng) if rng.random() < 0.7 else fimg
        cx, cy = mouth + rng.uniform(-0.2, 0.2, 2) * fw
        fh = min(fw * rng.uniform(0.6, 2.0), 0.83 * face.shape[0])
        im, m = phone.frame(face, np.zeros(face.shape[:2], np.float32), cx, cy, fh, float(rng.choice([0.75, 1.0])),
                            rng.uniform(-25, 25), int(rng.integers(400, 1001)))
        lit = str(rng.choice(phone.LIGHTS))
        im = phone.jpeg(phone.light(im, lit, rng), int(rng.integers(30, 71)))
    else:
        im, m, info = phone.photo(img, mask, {'img': fimg, 'mouth': mouth, 'faceWidth': fw}, rng)
        im = phone.jpeg(im, info['quality'])
    out = (SIZE['out'], SIZE['out'])
    im = cv2.resize(im, out, interpolation=cv2.INTER_AREA)
    m = cv2.resize(m.astype(np.float32), out, interpolation=cv2.INTER_AREA)
    if rng.random() < 0.5:
        im, m = im[:, ::-1], m[:, ::-1]
    return np.clip(im, 0, 255), np.clip(m, 0, 1)


def sample(imgs, masks, sizes, i, pool, faces, rng):
    if PHONE['p'] > 0 and rng.random() < PHONE['p']:
        im, m = phone_sample(imgs[i], masks[i], sizes[i], faces, rng)
        return with_engine_gain(im), m
    r = rng.random()
    out = None
    fs = FACE['share']
    if r < fs:
        face = _face(faces[rng.integers(len(faces))], rng)
        out = face_composite(imgs[i], masks[i].astype(np.float32) / 255.0, sizes[i], face, rng)
    elif r < fs + 0.15:
        out = mosaic(imgs, masks, i, pool, rng)
    elif r < fs + 0.2:
        out = face_negative(_face(faces[rng.integers(len(faces))], rng), rng)
    if out is None:
        out = plain(imgs[i], masks[i], rng)
    im, m = out
    if rng.random() < 0.5:
        im, m = im[:, ::-1], m[:, ::-1]
    return with_engine_gain(photometric(im, rng)), np.clip(m, 0, 1)


def with_engine_gain(im):
    """The sample as the engine feeds it to the network (dark photos brightened, phone.engine_gain)."""
    return np.clip(im * phone.engine_gain(im), 0, 255)
