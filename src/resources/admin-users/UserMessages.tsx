import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Divider, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { MESSAGE_LIMITS, userMessageSchema, type UserMessageInput } from '../../domain/schemas/adminUsers';
import { ApiError } from '../../apiError';
import { queryKeys, type AppDataProvider } from '../../dataProvider';
import { request } from '../../http';
import { useZodResolver } from '../../forms/zodResolver';
import { FormTextField } from '../../forms/FormTextField';
import type { AdminUserRecord } from './adminUserRecord';

const PAGE = 10;
const EMPTY: UserMessageInput = { subject: '', body: '' };

/** Messages the platform admins sent this user, newest first, a page at a time. */
function useMessageHistory(userId: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = queryKeys.userMessages(userId);
  const { data, fetchNextPage } = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => dataProvider.userMessages(userId, pageParam, PAGE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE < last.total ? pages.length + 1 : undefined),
  });
  return {
    messages: data?.pages.flatMap((page) => page.data) ?? [],
    total: data?.pages[0]?.total ?? 0,
    reload: () => queryClient.resetQueries({ queryKey }),
    more: () => fetchNextPage(),
  };
}

/** Send a message to the user (mailed, subject ≤ 150, text ≤ 5000) and see what was sent before. */
export const UserMessages = ({ user }: { user: AdminUserRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useForm<UserMessageInput>({ resolver: useZodResolver<UserMessageInput>(userMessageSchema), defaultValues: EMPTY });
  const history = useMessageHistory(user.id);
  const body = form.watch('body') ?? '';

  const send = async (values: UserMessageInput) => {
    try {
      await request(`/api/users/${encodeURIComponent(user.id)}/messages`, { method: 'POST', body: values });
      form.reset(EMPTY);
      notify('resources.admin/users.messages.sent', { type: 'success', messageArgs: { name: user.name } });
      await history.reload();
    } catch (error) {
      for (const item of error instanceof ApiError ? error.api.errors : []) if (item.path) form.setError(item.path as keyof UserMessageInput, { message: item.message });
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };

  return (
    <Card component="section" aria-label={translate('resources.admin/users.messages.title')}>
      <CardContent>
        <Typography variant="h6">{translate('resources.admin/users.messages.title')}</Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('resources.admin/users.messages.hint', { email: user.email })}
        </Typography>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={form.handleSubmit(send)}>
            <FormTextField name="subject" label={translate('resources.admin/users.messages.subject')} required slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.subject } }} />
            <FormTextField
              name="body"
              label={translate('resources.admin/users.messages.body')}
              required
              multiline
              minRows={4}
              helperText={`${body.length} / ${MESSAGE_LIMITS.body}`}
            />
            <Stack direction="row" justifyContent="flex-end" sx={{ mt: 1 }}>
              <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={form.formState.isSubmitting}>
                {translate('resources.admin/users.messages.send')}
              </Button>
            </Stack>
          </Box>
        </FormProvider>
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
              const date = new Date(message.createdAt).toLocaleString();
              return (
                <ListItem key={message.id} alignItems="flex-start" divider>
                  <ListItemText
                    primary={message.subject}
                    secondary={
                      <>
                        <Typography component="span" variant="caption" display="block" color="text.secondary">
                          {message.sentBy
                            ? translate('resources.admin/users.messages.by', { date, name: message.sentBy.name })
                            : translate('resources.admin/users.messages.byUnknown', { date })}
                        </Typography>
                        <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                          {message.body}
                        </Typography>
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
