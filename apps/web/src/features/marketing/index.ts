export { BrandMark } from './BrandMark.tsx';
