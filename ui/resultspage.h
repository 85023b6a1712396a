#pragma once

#include "campaign/campaignresults.h"
#include "util/result.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace RaidBench::Ui {

/// The results of the last run (or an opened results file): each configuration's figures and
/// measured medians beside each disk's own speed. The charts arrive with the results issue.
class ResultsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsPage)

public:
    explicit ResultsPage(QWidget* parent = nullptr);

    void setResults(const CampaignResults& results, const QString& source = QString());
    const CampaignResults& results() const { return m_results; }
    Result<void> open(const QString& path);
    Result<void> save(const QString& path) const;
    QTableWidget* configTable() const { return m_configs; }

Q_SIGNALS:
    void message(const QString& text);

private:
    CampaignResults m_results;
    QLabel* m_title;
    QTableWidget* m_configs;
    QTableWidget* m_disks;
};

} // namespace RaidBench::Ui
