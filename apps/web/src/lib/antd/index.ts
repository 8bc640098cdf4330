export { lazyAntd, partsOf, preloadAntd, setAntdLang, withAntd } from './lazy-antd';
export { AntdSettingsContext, type AntdSettings } from './settings';
export { componentLocale } from './locale';
export { notify } from './notify';
export { baseTheme, REDUCED_MOTION } from './theme';
