/**
 * Facts about the stage being deployed that several stacks share.
 */
export const isProduction = $app.stage === 'production';

/** The region the AWS provider deploys to (set in sst.config.ts). */
export const region = aws.getRegionOutput().region;

/** The local web app (npm start) may call dev stages and use their hosted UI; production never. */
export const localOrigins = isProduction ? [] : ['http://localhost:3000'];
