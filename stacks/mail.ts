import { sesFromAddress } from './auth';
import { provideLinks } from './links';
import { region } from './stage';

/**
 * The e-mail the app sends itself (an operator's answer to a contact message, through SES v2,
 * packages/core/src/shared/mail): from the stage's `SesFromAddress`, the verified SES sender that
 * Cognito's e-mails use too (docs/deploy.md, E-mail). Unset, an answer is refused with a 502 and
 * nothing is kept. Linked functions get `Resource.SupportMail.sender` and ses:SendEmail.
 */
const accountId = aws.getCallerIdentityOutput().accountId;

export const supportMail = new sst.Linkable('SupportMail', {
  properties: { sender: sesFromAddress.value },
  include: [sst.aws.permission({ actions: ['ses:SendEmail'], resources: [$interpolate`arn:aws:ses:${region}:${accountId}:identity/*`] })],
});
provideLinks({ SupportMail: supportMail });
