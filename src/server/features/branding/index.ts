// The branding feature's public surface for other features: exports and outgoing requests name the product.
export { brandedFileName, productNameFor, userAgentName } from './public';
export { readUpload } from './upload';
