#pragma once

#include "results/librarymodel.h"
#include "results/resultsfolder.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QList>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace RaidBench::Ui {

/// The results library: every results file of the results folder (each run writes one there), with
/// its date, host, disks and layouts, newest first; a file that cannot be read (corrupt, cut short,
/// from a newer RaidBench) listed with the reason. Open one, compare two or more side by side, or
/// remove some; the folder's size is always shown, so it never grows unseen. The folder is read on a
/// worker thread.
class ResultsLibraryDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsLibraryDialog)

public:
    /// The table's columns, as the model has them.
    enum Column {
        ColumnDate = ResultsLibraryModel::ColumnDate,
        ColumnHost = ResultsLibraryModel::ColumnHost,
        ColumnStatus = ResultsLibraryModel::ColumnStatus,
        ColumnDisks = ResultsLibraryModel::ColumnDisks,
        ColumnLayouts = ResultsLibraryModel::ColumnLayouts,
        ColumnSize = ResultsLibraryModel::ColumnSize
    };

    explicit ResultsLibraryDialog(const QString& folder, QWidget* parent = nullptr);
    ~ResultsLibraryDialog() override;

    /// Reads the folder again (on a worker); `loaded()` when done.
    void refresh();
    QTableView* table() const { return m_table; }
    QLabel* summaryLabel() const { return m_summary; }
    QPushButton* openButton() const { return m_open; }
    QPushButton* compareButton() const { return m_compare; }
    QPushButton* removeButton() const { return m_remove; }
    const QList<ResultsFolder::Entry>& entries() const { return m_model->entries(); }
    /// The selected rows' files.
    QStringList selectedPaths() const;
    /// Removes `paths` without asking (the Remove button asks first); says what happened.
    void removeFiles(const QStringList& paths);

Q_SIGNALS:
    void loaded();
    void openRequested(const QString& path);
    void compareRequested(const QStringList& paths);
    void message(const QString& text);

private:
    void fill();
    void updateButtons();
    void askToRemove();

    QString m_folder;
    QFutureWatcher<QList<ResultsFolder::Entry>> m_reading;
    bool m_readAgain = false; ///< the folder changed while it was read
    QLabel* m_summary;
    ResultsLibraryModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QPushButton* m_open;
    QPushButton* m_compare;
    QPushButton* m_remove;
    QPushButton* m_refresh;
};

} // namespace RaidBench::Ui
