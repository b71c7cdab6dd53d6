import type { MobileAppCatalogue } from './mobileApp.en.ts';

export const mobileAppZhHk: MobileAppCatalogue = {
  intro: '在手機安裝組織應用程式：從主畫面以獨立視窗開啟，載入快速，收件匣一按即達。',
  install: '安裝應用程式',
  installed: '此裝置已安裝應用程式。',
  unavailable: '你的瀏覽器不支援從此頁安裝，請按以下適用於你手機的步驟操作。',
  androidTitle: 'Android（Chrome、Edge、Samsung Internet）',
  androidSteps: '開啟本網站，點按瀏覽器選單（⋮），再選「安裝應用程式」或「加至主畫面」。',
  iosTitle: 'iPhone 及 iPad（Safari）',
  iosSteps: '以 Safari 開啟本網站，點按「分享」，選「加至主畫面」，再按「新增」確認。',
  desktopTitle: '電腦（Chrome、Edge）',
  desktopSteps: '點按網址列右方的安裝圖示，或瀏覽器選單中的「安裝」。',
};
