import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, Divider, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { Form, SaveButton, TextInput, useCreate, useInfiniteGetList, useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { useWatch, type FieldValues } from 'react-hook-form';
import { MESSAGE_LIMITS, userMessageSchema, type UserMessageInput } from '#shared/domain/schemas/adminUsers';
import { useZodResolver } from '../../forms/zodResolver';
import { submissionErrors } from '../../forms/submissionErrors';
import { RichTextField } from '../../forms/RichText';
import type { AdminUser, UserMessage } from '../records';

const PAGE = 10;
const EMPTY: UserMessageInput = { subject: '', body: '' };
const MESSAGES = 'user-messages';
/** The server's own order (newest first): the history asks for none. */
const SERVER_ORDER = { field: '', order: 'DESC' } as const;

/** Messages the platform admins sent this user, newest first, a page at a time. */
function useMessageHistory(userId: string) {
  const queryClient = useQueryClient();
  const { data, fetchNextPage } = useInfiniteGetList<UserMessage>(MESSAGES, {
    pagination: { page: 1, perPage: PAGE },
    sort: SERVER_ORDER,
    filter: { userId },
    meta: { errorDialog: true },
  });
  return {
    messages: data?.pages.flatMap((page) => page.data) ?? [],
    total: data?.pages[0]?.total ?? 0,
    // From the first page again, so the new message shows on top (react-admin's keys start with the resource).
    reload: () => queryClient.resetQueries({ queryKey: [MESSAGES] }),
    more: () => fetchNextPage(),
  };
}

/** The message text (rich text) with its count of characters against the limit; Enter sends, Shift+Enter a new line. */
const BodyInput = () => {
  const translate = useTranslate();
  const body = (useWatch({ name: 'body' }) as string | undefined) ?? '';
  return (
    <RichTextField
      source="body"
      label="resources.admin/users.messages.body"
      isRequired
      submitOnEnter
      helperText={`${body.length} / ${MESSAGE_LIMITS.body} · ${translate('resources.admin/users.messages.enterHint')}`}
    />
  );
};

/** Send a message to the user (mailed, subject ≤ 150, text ≤ 5000) and see what was sent before. */
export const UserMessages = ({ user }: { user: AdminUser }) => {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const [create] = useCreate();
  const resolver = useZodResolver(userMessageSchema);
  const history = useMessageHistory(user.id);
  // A new form after each message sent, so it starts empty.
  const [sent, setSent] = useState(0);

  const sendMessage = async (message: UserMessageInput) => {
    try {
      await create(MESSAGES, { data: { ...message, userId: user.id } }, { returnPromise: true });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      throw error;
    }
    setSent((n) => n + 1);
    notify('resources.admin/users.messages.sent', { type: 'success', messageArgs: { name: user.name } });
    await history.reload();
  };

  // The form stays busy until the message is sent; the server's field errors land under their inputs.
  const send = (values: FieldValues) => sendMessage(values as UserMessageInput).then(() => undefined, submissionErrors);

  return (
    <Card component="section" aria-label={translate('resources.admin/users.messages.title')}>
      <CardContent>
        <Typography variant="h6">{translate('resources.admin/users.messages.title')}</Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('resources.admin/users.messages.hint', { email: user.email })}
        </Typography>
        <Form key={sent} record={EMPTY} resolver={resolver} onSubmit={send} disableInvalidFormNotification noValidate>
          <TextInput
            source="subject"
            label="resources.admin/users.messages.subject"
            isRequired
            helperText={false}
            slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.subject } }}
          />
          <BodyInput />
          <Stack direction="row" justifyContent="flex-end" sx={{ mt: 1 }}>
            <SaveButton label="resources.admin/users.messages.send" icon={<SendIcon />} alwaysEnable />
          </Stack>
        </Form>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h3">
          {translate('resources.admin/users.messages.history')}
        </Typography>
        {history.messages.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.admin/users.messages.none')}
          </Typography>
        ) : (
          <List aria-label={translate('resources.admin/users.messages.history')} dense>
            {history.messages.map((message) => {
              const date = format.dateTime(message.createdAt);
              return (
                <ListItem key={message.id} alignItems="flex-start" divider>
                  <ListItemText
                    // The secondary part holds the message's paragraphs: a div, not a p.
                    slotProps={{ secondary: { component: 'div' } }}
                    primary={message.subject}
                    secondary={
                      <>
                        <Typography component="div" variant="caption" color="text.secondary">
                          {message.sentBy
                            ? translate('resources.admin/users.messages.by', { date, name: message.sentBy.name })
                            : translate('resources.admin/users.messages.byUnknown', { date })}
                        </Typography>
                        {/* The server's sanitised HTML (server/http/richText.ts allow-list), never the raw input. */}
                        <Typography
                          component="div"
                          variant="body2"
                          className="message-body"
                          sx={{ '& p': { my: 0.5 } }}
                          dangerouslySetInnerHTML={{ __html: message.body }}
                        />
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        {history.messages.length < history.total && (
          <Button size="small" onClick={() => history.more().catch(() => undefined)}>
            {translate('resources.admin/users.messages.more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
};
