/**
 * The platform's terms of service when the operator gives none (TERMS_FILE or TERMS_TEXT).
 * Plain text: a blank line parts paragraphs, a line starting with '# ' is a heading.
 */
export const DEFAULT_TERMS = `# Using this service
By sending a video or photo through a capture page, or by using the console, you agree to these terms. If you do not agree, do not use the service.

# What you send
You may send only videos and photos that you made yourself or have the right to share. Do not send anything unlawful, hateful, sexually explicit, or that shows a person who has not agreed to be filmed.

You keep the rights to what you send. You allow the account that runs the capture page to store, show, edit and share it, with or without your name, on its own sites and channels.

# Your details
The details you give with an upload (such as your name and email address) go to the account that runs the capture page. They use them to contact you about your upload and, only if you agreed, to send you marketing. You may ask them to correct or erase your details at any time.

# Moderation
Uploads may be checked automatically and by people before they are shown. An upload may be hidden or deleted at any time without notice.

# Accounts
Account users keep their sign-in details secret and are responsible for what is done with their account. The platform may suspend an account that breaks these terms.

# No warranty
The service is provided as it is, without any warranty. To the extent the law allows, the platform is not liable for any loss arising from its use.

# Changes
These terms may change. The version on this page is the one that applies.`;
