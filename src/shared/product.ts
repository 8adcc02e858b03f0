/** The site's name: the specification's `{product}`. */
export const PRODUCT_NAME = 'MINGO';
