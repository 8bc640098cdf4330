/** Namespaces of the web app; every language has each of them. */
export const NAMESPACES = ['common', 'menu', 'home', 'placeholder', 'tenant', 'record', 'lists', 'search'] as const;
