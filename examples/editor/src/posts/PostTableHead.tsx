/**
 * The header row of a post table, shared by the paged list and the one scrolling list so their
 * columns stay the same: the last column holds the trash's actions, or the date elsewhere.
 */
export function PostTableHead({ isTrash }: { isTrash: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="col-title">
          Title
        </th>
        <th scope="col">Author</th>
        <th scope="col">Status</th>
        <th scope="col">{isTrash ? 'Actions' : 'Date'}</th>
      </tr>
    </thead>
  );
}
