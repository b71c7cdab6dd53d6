import type { MobileAppCatalogue } from './mobileApp.en.ts';

export const mobileAppZhCn: MobileAppCatalogue = {
  intro: '在手机上安装组织应用：从主屏幕以独立窗口打开，加载迅速，收件箱一点即达。',
  install: '安装应用',
  installed: '此设备已安装应用。',
  unavailable: '你的浏览器不支持从此页面安装，请按照下方适用于你手机的步骤操作。',
  androidTitle: 'Android（Chrome、Edge、三星浏览器）',
  androidSteps: '打开本网站，点按浏览器菜单（⋮），然后选择“安装应用”或“添加到主屏幕”。',
  iosTitle: 'iPhone 和 iPad（Safari）',
  iosSteps: '用 Safari 打开本网站，点按“分享”，选择“添加到主屏幕”，再点“添加”确认。',
  desktopTitle: '电脑（Chrome、Edge）',
  desktopSteps: '点击地址栏右侧的安装图标，或浏览器菜单中的“安装”。',
};
