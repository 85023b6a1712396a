#include "remotedialog.h"

#include "util/errorcodes.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace RaidBench::Ui {

RemoteDialog::RemoteDialog(QWidget* parent)
    : QDialog(parent)
    , m_host(new QLineEdit(this))
    , m_user(new QLineEdit(QStringLiteral("root"), this))
    , m_port(new QSpinBox(this))
    , m_helper(new QLineEdit(SshTarget::defaultRemoteHelper(), this))
    , m_problem(new QLabel(this))
{
    setWindowTitle(tr("Connect to another machine"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("RaidBench reaches the other machine with ssh and runs its own helper there (the "
                                "raidbench-cli package of the same version must be installed on it). Your ssh keys, "
                                "agent and known hosts are used: RaidBench never types a password and never accepts "
                                "a host key it does not know. A user other than root needs a sudo rule for the "
                                "helper without a password."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_host->setObjectName(QStringLiteral("remoteHost"));
    m_host->setPlaceholderText(tr("storage1.example.org or 10.0.0.5"));
    form->addRow(tr("&Host:"), m_host);
    m_user->setObjectName(QStringLiteral("remoteUser"));
    form->addRow(tr("&User:"), m_user);
    m_port->setObjectName(QStringLiteral("remotePort"));
    m_port->setRange(1, 65535);
    m_port->setValue(22);
    form->addRow(tr("&Port:"), m_port);
    m_helper->setObjectName(QStringLiteral("remoteHelper"));
    form->addRow(tr("Helper &there:"), m_helper);
    layout->addLayout(form);
    m_problem->setObjectName(QStringLiteral("remoteProblem"));
    m_problem->setWordWrap(true);
    layout->addWidget(m_problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_connect = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    m_connect->setObjectName(QStringLiteral("remoteConnect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    for (QLineEdit* edit : {m_host, m_user, m_helper}) {
        connect(edit, &QLineEdit::textChanged, this, &RemoteDialog::update);
    }
    connect(m_port, &QSpinBox::valueChanged, this, &RemoteDialog::update);
    update();
}

void RemoteDialog::setTarget(const SshTarget& target)
{
    m_host->setText(target.host);
    m_user->setText(target.user);
    m_port->setValue(target.port > 0 ? target.port : 22);
}

Result<SshTarget> RemoteDialog::target() const
{
    const QString host = m_host->text().trimmed();
    if (host.isEmpty()) {
        return Error {QString(), tr("Name the machine to connect to.")};
    }
    const QString user = m_user->text().trimmed();
    QString text = user.isEmpty() ? QString() : user + QLatin1Char('@');
    text += host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]").arg(host) : host;
    text += QStringLiteral(":%1").arg(m_port->value());
    // The user's text, not the composed one, in the message: "-oProxyCommand" is refused as written.
    if (host.startsWith(QLatin1Char('-')) || user.startsWith(QLatin1Char('-'))) {
        return SshTarget::parse(host.startsWith(QLatin1Char('-')) ? host : user);
    }
    return SshTarget::parse(text);
}

QString RemoteDialog::remoteHelper() const
{
    return m_helper->text().trimmed();
}

void RemoteDialog::update()
{
    const auto checked = target();
    QString problem = checked ? QString() : ErrorCode::userText(checked.error());
    if (checked) {
        if (auto plain = SshTarget::checkRemoteHelper(remoteHelper()); !plain) {
            problem = ErrorCode::userText(plain.error());
        }
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty() && !m_host->text().trimmed().isEmpty());
    m_connect->setEnabled(problem.isEmpty());
}

} // namespace RaidBench::Ui
