/** The mobileApp texts, which come with their page's chunk (as `mobileApp.*`). */
export const mobileAppEn = {
  intro:
    'Install the organization app on your phone: it opens from the home screen in a window of its own and loads fast, with the inbox a tap away.',
  install: 'Install the app',
  installed: 'The app is installed on this device.',
  unavailable: 'Your browser does not offer installing from this page; follow the steps for your phone below.',
  androidTitle: 'Android (Chrome, Edge, Samsung Internet)',
  androidSteps: 'Open this site, tap the browser menu (⋮), then "Install app" or "Add to Home screen".',
  iosTitle: 'iPhone and iPad (Safari)',
  iosSteps: 'Open this site in Safari, tap Share, then "Add to Home Screen", and confirm with "Add".',
  desktopTitle: 'Computer (Chrome, Edge)',
  desktopSteps: 'Click the install icon at the right of the address bar, or "Install" in the browser menu.',
};
export type MobileAppCatalogue = typeof mobileAppEn;
