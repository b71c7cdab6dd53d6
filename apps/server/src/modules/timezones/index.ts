export { countryOfTimeZone, findTimeZone, offsetOf, searchTimeZones } from './timezones.ts';
