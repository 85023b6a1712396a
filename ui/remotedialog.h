#pragma once

#include "helper/sshtarget.h"
#include "util/result.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace RaidBench::Ui {

/// Tools > Connect to another machine: host, user and port of a machine reached over OpenSSH, whose
/// installed RaidBench helper then does the root work there. The user's ssh keys, agent and
/// known_hosts apply; no password is ever asked and no unknown host key accepted.
class RemoteDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RemoteDialog)

public:
    explicit RemoteDialog(QWidget* parent = nullptr);

    void setTarget(const SshTarget& target);
    /// What the fields say, checked (a host starting with '-' or holding spaces is refused).
    Result<SshTarget> target() const;
    QString remoteHelper() const;

private:
    void update();

    QLineEdit* m_host;
    QLineEdit* m_user;
    QSpinBox* m_port;
    QLineEdit* m_helper;
    QLabel* m_problem;
    QPushButton* m_connect;
};

} // namespace RaidBench::Ui
