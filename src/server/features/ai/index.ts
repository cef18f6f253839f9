// The AI feature's surface for other features: the configured model and one structured chat call.
export { isModelConfigured, type Model, modelFromConfig, structuredChat } from './client';
