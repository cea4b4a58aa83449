import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, List, Resource, TextField } from 'react-admin';

/** The floor of the bundle-size bench: react-admin with one resource and one list, nothing of ours. */
const dataProvider = {
  getList: async () => ({ data: [{ id: 1, name: 'One' }], total: 1 }),
} as never;

const PostList = () => (
  <List>
    <Datagrid>
      <TextField source="name" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="posts" list={PostList} />
  </Admin>,
);
