// The branding feature's public surface for other features: exports and outgoing requests name the product.
export { brandedFileName, userAgentName } from './public';
