#pragma once

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace sml {

class NumberDelegate;

/// A table of numbers as every table of the app shows them (the Scenario panel's queries, keys
/// and variances, the model's X, W_Q, W_K and W_V): `delegate` edits its cells with the same
/// commit keys everywhere, the font is at least 12 pt, and its columns fit their numbers
/// without measuring every cell: after a reset the first 64 columns are measured (64 rows
/// each) and the rest get the widest of those; an edit widens only the columns it changed,
/// never narrows one. (QHeaderView::ResizeToContents measured all of a 512×512 embedding
/// table on every edit: 2 s an edit, issue 19.)
QTableView *makeNumberTable(QAbstractItemModel *model, NumberDelegate *delegate,
                            QWidget *parent);

} // namespace sml
