/**
 * Whether this browser can analyse a photo on the device. The check and the on-device texts are
 * loaded after the first paint (neither is part of the page's first load); the page asks once on
 * mount and again, waiting, when "analyse" is pressed before the first answer has come.
 */
export const checkOnDevice = (): Promise<boolean> =>
  Promise.all([import('./support.js'), import('./texts.js')]).then(([{ onDeviceSupported }]) => onDeviceSupported());
