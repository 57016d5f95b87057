/** This package's version (package.json's, checked by a test): saved states record it. */
export const PACKAGE_VERSION = '0.1.0'
