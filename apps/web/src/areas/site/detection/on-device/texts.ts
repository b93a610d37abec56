import { i18n } from '../../../../lib/i18n.js';

// The on-device analysis texts (`onDevice.*`), loaded with the detection page's chunk.
export const onDeviceZh = {
  staysHere: '照片只在本设备上分析，不会上传。只有点击“保存并分享”时，照片和结果才会发送到服务器。',
  serverPath: '此浏览器不支持在本设备上分析（需要 WebAssembly SIMD 和线程），照片将上传到服务器进行分析。',
  steps: {
    runtime: '正在载入分析程序和模型（仅首次）…',
    decode: '正在读取照片…',
    segment: '正在找出舌头…',
    quality: '正在检查照片质量…',
    features: '正在分析舌象特征…',
  },
  done: '已在本设备上完成分析（用时 {{seconds}} 秒）。照片尚未上传。',
  save: '保存并分享',
  saveNote: '保存后，照片和结果会上传，服务器会重新检查一遍。',
  failed: '在本设备上分析失败：{{detail}}',
  useServer: '改用服务器分析',
  savedOffline: '当前离线：结果已保存在本设备，联网后将自动上传。',
  sentLater: '离线时保存的 {{count}} 份结果已上传。',
  updateWaiting: '新版本已就绪。',
  checkedOk: '已在本设备上检查：照片可用于分析。',
  checkedIssues: '已在本设备上检查：{{issues}} 建议重拍后再提交。',
  reload: '重新载入',
};
export const onDeviceEn: typeof onDeviceZh = {
  staysHere:
    'The photo is analysed on this device and stays here. Only "Save and share" sends the photo and the result to the server.',
  serverPath:
    'This browser cannot analyse the photo on the device (it needs WebAssembly SIMD and threads), so the photo is sent to our server for analysis.',
  steps: {
    runtime: 'Loading the analysis program and models (first photo only)…',
    decode: 'Reading the photo…',
    segment: 'Finding the tongue…',
    quality: 'Checking the photo quality…',
    features: 'Reading the tongue features…',
  },
  done: 'Analysed on this device in {{seconds}} s. The photo has not been uploaded.',
  save: 'Save and share',
  saveNote: 'Saving uploads the photo and the result; the server checks them again.',
  failed: 'The analysis on this device failed: {{detail}}',
  useServer: 'Analyse on the server instead',
  savedOffline: 'Offline: the result is kept on this device and uploads when the network is back.',
  sentLater: '{{count}} result(s) saved offline have been uploaded.',
  updateWaiting: 'A new version is ready.',
  checkedOk: 'Checked on this device: the photo is fit for analysis.',
  checkedIssues: 'Checked on this device: {{issues}} A retake is advised before sending.',
  reload: 'Reload',
};

i18n.addResourceBundle('zh', 'translation', { onDevice: onDeviceZh }, true, true);
i18n.addResourceBundle('en', 'translation', { onDevice: onDeviceEn }, true, true);
