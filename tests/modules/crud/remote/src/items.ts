/** What `GET /api/m/crud/items` answers: one page of the `items` collection. */
export interface Item {
  id: string;
  title: string;
  qty: number;
  done: boolean;
}

export interface ItemsPage {
  items: Item[];
  next_cursor: string | null;
  total: number | null;
}
