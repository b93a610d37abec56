/**
 * The main job's texts the public detection page draws before anything is chosen (zh): its own
 * small bundle, so that page's first load does not carry every capture and result text
 * (issue 34 item 3, docs/site.md "Speed"). Part of record-zh.ts's texts as before.
 */
export const recordFirstZh = {
  analyze: '开始分析',
  choosePhoto: '选择照片',
  photoRule: '图片支持 PNG、JPG、JPEG、BMP 格式，大小不超过 10M',
  privacy: '照片仅用于本次分析；结果页链接含有随机令牌，只有持有链接的人可以查看',
  useCamera: '使用摄像头拍摄',
  fileProblem: {
    type: '文件格式不正确',
    size: '文件不能超过 10M',
    empty: '文件为空',
    content: '文件内容不是有效的图片',
  },
  intro: {
    normal: '上传一张舌象照片或用摄像头拍摄，系统将分析舌色、苔色、苔质、裂纹、齿痕等特征，并生成健康报告。',
    child: '儿童舌诊：请家长协助孩子伸舌，在明亮自然光下拍摄；分析结果仅供家长和医生参考。',
    covid: '新冠相关舌象观察：分析舌色、苔色与厚腻程度等变化，仅供健康管理参考，不能用于新冠诊断。',
  },
};
