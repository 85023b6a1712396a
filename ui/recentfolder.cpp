#include "recentfolder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace RaidBench::Ui::RecentFolder {

QString startPath(const QString& kind, const QString& fileName)
{
    const QString folder = QSettings().value(QStringLiteral("folders/") + kind).toString();
    const QString start = !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QDir::currentPath();
    return fileName.isEmpty() ? start : QDir(start).filePath(fileName);
}

void remember(const QString& kind, const QString& path)
{
    if (!path.isEmpty()) {
        QSettings().setValue(QStringLiteral("folders/") + kind, QFileInfo(path).absolutePath());
    }
}

} // namespace RaidBench::Ui::RecentFolder
