<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>CampaignProgress</name>
    <message>
        <source>%1 - no I/O on %2 has completed for %3 s: a disk is not answering (the run waits for it, or for the kernel to give up on it)</source>
        <translation>%1 - ninguna E/S en %2 ha terminado desde hace %3 s: un disco no responde (la ejecución lo espera, o espera a que el núcleo lo dé por perdido)</translation>
    </message>
    <message>
        <source>%1; the results go to %2 from now on</source>
        <translation>%1; a partir de ahora los resultados van a %2</translation>
    </message>
    <message>
        <source>%1: waiting for %2&apos;s %3 to finish before %4</source>
        <translation>%1: esperando a que termine %3 de %2 antes de %4</translation>
    </message>
    <message>
        <source>%1: waiting for %2&apos;s %3 to finish before %4 (%5 % done)</source>
        <translation>%1: esperando a que termine %3 de %2 antes de %4 (%5 % completado)</translation>
    </message>
    <message>
        <source>%1: %2 (run %3, until MB/s vary by at most %4 %, at most %5 runs)</source>
        <translation>%1: %2 (repetición %3, hasta que los MB/s varíen como mucho un %4 %, como mucho %5 repeticiones)</translation>
    </message>
    <message>
        <source>%1: %2 (%3/%4)</source>
        <translation>%1: %2 (%3/%4)</translation>
    </message>
    <message>
        <source>%1: making %2 on %3</source>
        <translation>%1: creando %2 en %3</translation>
    </message>
    <message>
        <source>%1: %2 on %3</source>
        <translation>%1: %2 en %3</translation>
    </message>
    <message>
        <source>building %1 (%2)</source>
        <translation>creando %1 (%2)</translation>
    </message>
    <message>
        <source>tearing down %1</source>
        <translation>desmontando %1</translation>
    </message>
    <message>
        <source>measuring %1 alone: %2, %3 written</source>
        <translation>midiendo %1 por separado: %2, %3 escritos</translation>
    </message>
    <message>
        <source>measuring %1 alone: %2, until the rate settles</source>
        <translation>midiendo %1 por separado: %2, hasta que la velocidad se estabilice</translation>
    </message>
    <message>
        <source>measuring %1 alone: %2</source>
        <translation>midiendo %1 por separado: %2</translation>
    </message>
    <message>
        <source>reading %1 across its surface: point %2 of %3, at %4 % (%5)</source>
        <translation>leyendo %1 a lo largo de su superficie: punto %2 de %3, al %4 % (%5)</translation>
    </message>
    <message>
        <source>%1: %2 of %3, %4 % at %5</source>
        <translation>%1: %2 de %3, %4 % a %5</translation>
    </message>
    <message>
        <source>%1: writing 64 MiB while %2 is out</source>
        <translation>%1: escribiendo 64 MiB mientras %2 está fuera</translation>
    </message>
    <message>
        <source>%1: %2 of the array, %3 % at %4</source>
        <translation>%1: %2 del array, %3 % a %4</translation>
    </message>
    <message>
        <source>measuring controller %1 together: %2 disks at once, write</source>
        <translation>midiendo la controladora %1 en conjunto: %2 discos a la vez, escritura</translation>
    </message>
    <message>
        <source>measuring controller %1 together: %2 disks at once, read</source>
        <translation>midiendo la controladora %1 en conjunto: %2 discos a la vez, lectura</translation>
    </message>
    <message>
        <source>measuring all disks together: %1 disks at once, write</source>
        <translation>midiendo todos los discos juntos: %1 discos a la vez, escritura</translation>
    </message>
    <message>
        <source>measuring all disks together: %1 disks at once, read</source>
        <translation>midiendo todos los discos juntos: %1 discos a la vez, lectura</translation>
    </message>
    <message>
        <source>measuring %1 alone: reads that skip a chunk</source>
        <translation>midiendo %1 por separado: lecturas que saltan un bloque</translation>
    </message>
    <message>
        <source>measuring %1 alone: reads that skip two chunks</source>
        <translation>midiendo %1 por separado: lecturas que saltan dos bloques</translation>
    </message>
    <message>
        <source>measuring every disk at once: %1, %2 disks</source>
        <translation>midiendo todos los discos a la vez: %1, %2 discos</translation>
    </message>
    <message>
        <source>removing what was created</source>
        <translation>eliminando lo que se creó</translation>
    </message>
    <message>
        <source>built %1</source>
        <translation>%1 creado</translation>
    </message>
    <message>
        <source>%1 is in sync</source>
        <translation>%1 está sincronizado</translation>
    </message>
    <message>
        <source>%1: %2 waiting</source>
        <translation>%1: %2 en espera</translation>
    </message>
    <message>
        <source>%1: %2 %3 % at %4 MB/s, %5 min left</source>
        <translation>%1: %2 %3 % a %4 MB/s, quedan %5 min</translation>
    </message>
    <message>
        <source>md&apos;s configuration cannot be written (%1); no udev runs here to assemble arrays</source>
        <translation>no se puede escribir la configuración de md (%1); aquí no se ejecuta udev para montar arrays</translation>
    </message>
    <message>
        <source>wipe old signatures from %1</source>
        <translation>borrar las firmas antiguas de %1</translation>
    </message>
    <message>
        <source>create %1 %2 from %3</source>
        <translation>crear %1 %2 con %3</translation>
    </message>
    <message>
        <source>set the stripe cache of %1 to %2 pages</source>
        <translation>fijar la caché de franjas de %1 en %2 páginas</translation>
    </message>
    <message>
        <source>make %1 an LVM physical volume</source>
        <translation>convertir %1 en un volumen físico de LVM</translation>
    </message>
    <message>
        <source>create volume group %1</source>
        <translation>crear el grupo de volúmenes %1</translation>
    </message>
    <message>
        <source>create striped volume %1 over %2 devices</source>
        <translation>crear el volumen en bandas %1 sobre %2 dispositivos</translation>
    </message>
</context>
<context>
    <name>DiskExplanation</name>
    <message>
        <source>it spins at %1 rpm, the others at %2 rpm</source>
        <translation>gira a %1 rpm, los demás a %2 rpm</translation>
    </message>
    <message>
        <source>it spins at %1 rpm, most others at %2 rpm</source>
        <translation>gira a %1 rpm, la mayoría de los demás a %2 rpm</translation>
    </message>
    <message>
        <source>it is solid state</source>
        <translation>es de estado sólido</translation>
    </message>
    <message>
        <source>it is a hard disk</source>
        <translation>es un disco duro</translation>
    </message>
    <message>
        <source>the others are solid state</source>
        <translation>los demás son de estado sólido</translation>
    </message>
    <message>
        <source>most others are solid state</source>
        <translation>la mayoría de los demás son de estado sólido</translation>
    </message>
    <message>
        <source>the others are hard disks</source>
        <translation>los demás son discos duros</translation>
    </message>
    <message>
        <source>most others are hard disks</source>
        <translation>la mayoría de los demás son discos duros</translation>
    </message>
    <message>
        <source>the others spin at %1 rpm</source>
        <translation>los demás giran a %1 rpm</translation>
    </message>
    <message>
        <source>most others spin at %1 rpm</source>
        <translation>la mayoría de los demás giran a %1 rpm</translation>
    </message>
    <message>
        <source>it is a %1, the others are %2</source>
        <translation>es un %1, los demás son %2</translation>
    </message>
    <message>
        <source>it is a %1, most others are %2</source>
        <translation>es un %1, la mayoría de los demás son %2</translation>
    </message>
    <message>
        <source>its spare blocks are running out</source>
        <translation>se le acaban los bloques de repuesto</translation>
    </message>
    <message>
        <source>its temperature is out of range</source>
        <translation>su temperatura está fuera de rango</translation>
    </message>
    <message>
        <source>its reliability is degraded by media or internal errors</source>
        <translation>su fiabilidad está degradada por errores del medio o internos</translation>
    </message>
    <message>
        <source>it has made itself read-only</source>
        <translation>se ha puesto en solo lectura</translation>
    </message>
    <message>
        <source>its cache&apos;s power-loss backup failed</source>
        <translation>falló la protección de su caché ante cortes de corriente</translation>
    </message>
    <message>
        <source>its persistent memory region is unreliable</source>
        <translation>su región de memoria persistente no es fiable</translation>
    </message>
    <message>
        <source>code 0x%1</source>
        <translation>código 0x%1</translation>
    </message>
    <message>
        <source>SMART says the disk is failing</source>
        <translation>SMART dice que el disco está fallando</translation>
    </message>
    <message>
        <source>its link runs at %1 of %2</source>
        <translation>su enlace funciona a %1 de un máximo de %2</translation>
    </message>
    <message>
        <source>%1: a cable or backplane fault</source>
        <translation>%1: un fallo de cable o de placa posterior</translation>
    </message>
    <message>
        <source>%1 interface CRC error</source>
        <translation>%1 error CRC de interfaz</translation>
    </message>
    <message>
        <source>%1 interface CRC errors</source>
        <translation>%1 errores CRC de interfaz</translation>
    </message>
    <message>
        <source>%1: the disk has replaced failing sectors with spares</source>
        <translation>%1: el disco ha sustituido sectores defectuosos por otros de repuesto</translation>
    </message>
    <message>
        <source>%1 reallocated sector</source>
        <translation>%1 sector reasignado</translation>
    </message>
    <message>
        <source>%1 reallocated sectors</source>
        <translation>%1 sectores reasignados</translation>
    </message>
    <message>
        <source>%1 found bad since the factory: the disk has replaced them with spares</source>
        <translation>defectuosos desde fábrica: %1; el disco los ha sustituido por otros de repuesto</translation>
    </message>
    <message>
        <source>%1 sector</source>
        <translation>%1 sector</translation>
    </message>
    <message>
        <source>%1 sectors</source>
        <translation>%1 sectores</translation>
    </message>
    <message>
        <source>%1 waiting to be remapped</source>
        <translation>%1 en espera de reasignación</translation>
    </message>
    <message>
        <source>%1 unreadable sector</source>
        <translation>%1 sector ilegible</translation>
    </message>
    <message>
        <source>%1 unreadable sectors</source>
        <translation>%1 sectores ilegibles</translation>
    </message>
    <message>
        <source>%1 that failed the disk&apos;s own scan</source>
        <translation>%1 con fallo en el análisis propio del disco</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 y %2</translation>
    </message>
    <message>
        <source>%1: reads that hit them stall on retries</source>
        <translation>%1: las lecturas que los tocan se atascan en reintentos</translation>
    </message>
    <message>
        <source>it runs at %1 °C, above %2 °C</source>
        <translation>funciona a %1 °C, por encima de %2 °C</translation>
    </message>
    <message>
        <source>its write cache is off</source>
        <translation>su caché de escritura está desactivada</translation>
    </message>
    <message>
        <source>the disk raises a critical warning: %1</source>
        <translation>el disco da un aviso crítico: %1</translation>
    </message>
    <message>
        <source>%1: data the disk could not read or write correctly</source>
        <translation>%1: datos que el disco no pudo leer o escribir correctamente</translation>
    </message>
    <message>
        <source>%1 media error</source>
        <translation>%1 error del medio</translation>
    </message>
    <message>
        <source>%1 media errors</source>
        <translation>%1 errores del medio</translation>
    </message>
    <message>
        <source>it has used %1% of its rated write endurance</source>
        <translation>ha consumido el %1% de su resistencia de escritura nominal</translation>
    </message>
</context>
<context>
    <name>DiskReason</name>
    <message>
        <source>partition %1 %2</source>
        <translation>%2 (partición %1)</translation>
    </message>
    <message>
        <source>has a %1 partition table</source>
        <translation>tiene una tabla de particiones %1</translation>
    </message>
    <message>
        <source>has a file system signature (%1, label &apos;%2&apos;)</source>
        <translation>tiene una firma de sistema de archivos (%1, etiqueta &apos;%2&apos;)</translation>
    </message>
    <message>
        <source>has a file system signature (%1)</source>
        <translation>tiene una firma de sistema de archivos (%1)</translation>
    </message>
    <message>
        <source>has a swap signature (%1, label &apos;%2&apos;)</source>
        <translation>tiene una firma de swap (%1, etiqueta &apos;%2&apos;)</translation>
    </message>
    <message>
        <source>has a swap signature (%1)</source>
        <translation>tiene una firma de swap (%1)</translation>
    </message>
    <message>
        <source>has a RAID signature (%1, label &apos;%2&apos;)</source>
        <translation>tiene una firma RAID (%1, etiqueta &apos;%2&apos;)</translation>
    </message>
    <message>
        <source>has a RAID signature (%1)</source>
        <translation>tiene una firma RAID (%1)</translation>
    </message>
    <message>
        <source>has an encryption signature (%1, label &apos;%2&apos;)</source>
        <translation>tiene una firma de cifrado (%1, etiqueta &apos;%2&apos;)</translation>
    </message>
    <message>
        <source>has an encryption signature (%1)</source>
        <translation>tiene una firma de cifrado (%1)</translation>
    </message>
    <message>
        <source>has a signature (%1, label &apos;%2&apos;)</source>
        <translation>tiene una firma (%1, etiqueta &apos;%2&apos;)</translation>
    </message>
    <message>
        <source>has a signature (%1)</source>
        <translation>tiene una firma (%1)</translation>
    </message>
    <message>
        <source>mounted at %1</source>
        <translation>montado en %1</translation>
    </message>
    <message>
        <source>in use as swap</source>
        <translation>en uso como swap</translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>retenido por %1</translation>
    </message>
    <message>
        <source>member of md array %1</source>
        <translation>miembro del array md %1</translation>
    </message>
    <message>
        <source>member of md array %1 (not running)</source>
        <translation>miembro del array md %1 (detenido)</translation>
    </message>
    <message>
        <source>an LVM physical volume</source>
        <translation>un volumen físico de LVM</translation>
    </message>
    <message>
        <source>a RAM disk, not a disk</source>
        <translation>un disco en RAM, no un disco</translation>
    </message>
    <message>
        <source>an optical drive</source>
        <translation>una unidad óptica</translation>
    </message>
    <message>
        <source>%1 is itself an array or mapped device</source>
        <translation>%1 es en sí un array o un dispositivo mapeado</translation>
    </message>
    <message>
        <source>not a disk RaidBench knows how to use</source>
        <translation>no es un disco que RaidBench sepa usar</translation>
    </message>
    <message>
        <source>a partition of loop device %1; allowed only when loop devices are allowed</source>
        <translation>una partición del dispositivo loop %1; solo se admite cuando se admiten dispositivos loop</translation>
    </message>
    <message>
        <source>a partition of %1: %2</source>
        <translation>una partición de %1: %2</translation>
    </message>
    <message>
        <source>a loop device (a file, not a disk); allowed only when loop devices are allowed</source>
        <translation>un dispositivo loop (un archivo, no un disco); solo se admite cuando se admiten dispositivos loop</translation>
    </message>
    <message>
        <source>on the disk that holds the running system (/ or /boot)</source>
        <translation>en el disco que contiene el sistema en marcha (/ o /boot)</translation>
    </message>
    <message>
        <source>holds the running system (/ or /boot)</source>
        <translation>contiene el sistema en marcha (/ o /boot)</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>de solo lectura</translation>
    </message>
    <message>
        <source>%1, smaller than the %2 the plan needs</source>
        <translation>%1, menor que los %2 que necesita el plan</translation>
    </message>
    <message>
        <source>has no media or a size of 0</source>
        <translation>no tiene medio o su tamaño es 0</translation>
    </message>
    <message>
        <source>backs loop device %1 (which may hold a file system)</source>
        <translation>respalda el dispositivo loop %1 (que puede contener un sistema de archivos)</translation>
    </message>
    <message>
        <source>open by %1 (pid %2)</source>
        <translation>abierto por %1 (pid %2)</translation>
    </message>
    <message>
        <source>open by %1 more processes</source>
        <translation>abierto por %1 procesos más</translation>
    </message>
    <message>
        <source>exported by the kernel (%1)</source>
        <translation>exportado por el núcleo (%1)</translation>
    </message>
    <message>
        <source>its disk %1: %2</source>
        <translation>su disco %1: %2</translation>
    </message>
</context>
<context>
    <name>DisksTogether</name>
    <message>
        <source>controller %1</source>
        <translation>controladora %1</translation>
    </message>
    <message>
        <source>all %1 disks</source>
        <translation>los %1 discos</translation>
    </message>
    <message>
        <source>%1: not measured together: %2</source>
        <translation>%1: no medidos en conjunto: %2</translation>
    </message>
    <message>
        <source>%1 disks write %2 together, %3 % of their sum</source>
        <translation>%1 discos escriben %2 juntos, el %3 % de su suma</translation>
    </message>
    <message>
        <source>%1 disks read %2 together, %3 % of their sum</source>
        <translation>%1 discos leen %2 juntos, el %3 % de su suma</translation>
    </message>
    <message>
        <source>they write %2 together, %3 % of their sum</source>
        <translation>escriben %2 juntos, el %3 % de su suma</translation>
    </message>
    <message>
        <source>they read %2 together, %3 % of their sum</source>
        <translation>leen %2 juntos, el %3 % de su suma</translation>
    </message>
    <message>
        <source>%1: not measured together</source>
        <translation>%1: no medidos en conjunto</translation>
    </message>
</context>
<context>
    <name>ErrorCode</name>
    <message>
        <source>a request line over 16 MiB</source>
        <translation>una línea de solicitud de más de 16 MiB</translation>
    </message>
    <message>
        <source>a request that is not UTF-8</source>
        <translation>una solicitud que no está en UTF-8</translation>
    </message>
    <message>
        <source>not a JSON object, or a NUL character in it</source>
        <translation>no es un objeto JSON, o contiene un carácter NUL</translation>
    </message>
    <message>
        <source>nested deeper than 16 levels</source>
        <translation>anidamiento de más de 16 niveles</translation>
    </message>
    <message>
        <source>no non-negative integer id</source>
        <translation>no hay un id entero no negativo</translation>
    </message>
    <message>
        <source>an operation&apos;s required argument is missing</source>
        <translation>falta un argumento obligatorio de la operación</translation>
    </message>
    <message>
        <source>no such operation</source>
        <translation>no existe esa operación</translation>
    </message>
    <message>
        <source>an argument or field the operation does not take</source>
        <translation>un argumento o campo que la operación no admite</translation>
    </message>
    <message>
        <source>an argument of the wrong JSON type</source>
        <translation>un argumento con un tipo JSON incorrecto</translation>
    </message>
    <message>
        <source>a number out of its range</source>
        <translation>un número fuera de su intervalo</translation>
    </message>
    <message>
        <source>a request before hello</source>
        <translation>una solicitud anterior a hello</translation>
    </message>
    <message>
        <source>client and helper speak different protocol versions</source>
        <translation>el cliente y el programa auxiliar usan versiones distintas del protocolo</translation>
    </message>
    <message>
        <source>a request id that is still running</source>
        <translation>un id de solicitud que todavía está en curso</translation>
    </message>
    <message>
        <source>another operation that changes disks is running</source>
        <translation>se está ejecutando otra operación que modifica discos</translation>
    </message>
    <message>
        <source>the helper is ending its session</source>
        <translation>el programa auxiliar está cerrando su sesión</translation>
    </message>
    <message>
        <source>confirm_destroy does not list exactly the disks destroyed</source>
        <translation>confirm_destroy no enumera exactamente los discos que se destruyen</translation>
    </message>
    <message>
        <source>the array is a running session&apos;s, another user&apos;s, or built to stay</source>
        <translation>el array pertenece a una sesión en curso o a otro usuario, o se creó para permanecer</translation>
    </message>
    <message>
        <source>no array with that tag in this session or its journals</source>
        <translation>no hay ningún array con esa etiqueta en esta sesión ni en sus registros</translation>
    </message>
    <message>
        <source>cancel names a request that is not running</source>
        <translation>cancel indica una solicitud que no está en curso</translation>
    </message>
    <message>
        <source>a teardown left something; the array stays listed and is tried again at exit</source>
        <translation>un desmontaje dejó restos; el array sigue en la lista y se vuelve a intentar al salir</translation>
    </message>
    <message>
        <source>the helper program is not installed or not executable</source>
        <translation>el programa auxiliar no está instalado o no es ejecutable</translation>
    </message>
    <message>
        <source>pkexec is missing, so a normal user cannot start the helper</source>
        <translation>falta pkexec, así que un usuario normal no puede iniciar el programa auxiliar</translation>
    </message>
    <message>
        <source>a host to reach over SSH that is not [USER@]HOST[:PORT], or starts with &apos;-&apos;</source>
        <translation>un equipo al que acceder por SSH que no tiene la forma [USER@]HOST[:PORT] o empieza por &apos;-&apos;</translation>
    </message>
    <message>
        <source>a host inventory (--hosts @FILE) that cannot be read, or a group it does not have</source>
        <translation>un inventario de equipos (--hosts @FILE) que no se puede leer, o un grupo que no contiene</translation>
    </message>
    <message>
        <source>the ssh client is not installed</source>
        <translation>el cliente ssh no está instalado</translation>
    </message>
    <message>
        <source>the host&apos;s key is unknown or changed: ssh refused to connect</source>
        <translation>la clave del equipo es desconocida o ha cambiado: ssh se negó a conectar</translation>
    </message>
    <message>
        <source>ssh could not log in without a password (no key the host accepts)</source>
        <translation>ssh no pudo iniciar sesión sin contraseña (ninguna clave que acepte el equipo)</translation>
    </message>
    <message>
        <source>sudo on the host asks for a password</source>
        <translation>sudo pide una contraseña en el equipo</translation>
    </message>
    <message>
        <source>the connection could not be made, or ended before the helper answered</source>
        <translation>no se pudo establecer la conexión, o terminó antes de que respondiera el programa auxiliar</translation>
    </message>
    <message>
        <source>not a trusted path under /dev</source>
        <translation>no es una ruta de confianza bajo /dev</translation>
    </message>
    <message>
        <source>no such device</source>
        <translation>no existe ese dispositivo</translation>
    </message>
    <message>
        <source>not a block device</source>
        <translation>no es un dispositivo de bloques</translation>
    </message>
    <message>
        <source>mounted, held, the system disk, read-only or carrying a signature</source>
        <translation>montado, retenido, el disco del sistema, de solo lectura o con una firma</translation>
    </message>
    <message>
        <source>not the device that was pinned, or gone</source>
        <translation>no es el dispositivo que se fijó, o ha desaparecido</translation>
    </message>
    <message>
        <source>an array description that cannot be built</source>
        <translation>una descripción de array que no se puede crear</translation>
    </message>
    <message>
        <source>an unknown RAID level</source>
        <translation>un nivel RAID desconocido</translation>
    </message>
    <message>
        <source>one disk used twice in a layout</source>
        <translation>un disco usado dos veces en una disposición</translation>
    </message>
    <message>
        <source>no such preset layout</source>
        <translation>no existe esa disposición predefinida</translation>
    </message>
    <message>
        <source>the preset needs other disk counts</source>
        <translation>la disposición predefinida necesita otro número de discos</translation>
    </message>
    <message>
        <source>a campaign plan that cannot run</source>
        <translation>un plan de campaña que no se puede ejecutar</translation>
    </message>
    <message>
        <source>a plan&apos;s disk rule matches no usable disk (or too few) on a host</source>
        <translation>la regla de discos de un plan no coincide con ningún disco utilizable (o con muy pocos) en un equipo</translation>
    </message>
    <message>
        <source>a plan or results file from a newer RaidBench</source>
        <translation>un plan o archivo de resultados de una versión más reciente de RaidBench</translation>
    </message>
    <message>
        <source>a results file that does not parse</source>
        <translation>un archivo de resultados que no se puede analizar</translation>
    </message>
    <message>
        <source>an engine result that does not parse</source>
        <translation>un resultado del motor que no se puede analizar</translation>
    </message>
    <message>
        <source>resumed results are of other disks or another plan</source>
        <translation>los resultados reanudados son de otros discos o de otro plan</translation>
    </message>
    <message>
        <source>not a size (512, 4k, 1M, 1G)</source>
        <translation>no es un tamaño (512, 4k, 1M, 1G)</translation>
    </message>
    <message>
        <source>not a duration (500ms, 3s, 2m)</source>
        <translation>no es una duración (500ms, 3s, 2m)</translation>
    </message>
    <message>
        <source>a tag that is not RaidBench&apos;s</source>
        <translation>una etiqueta que no es de RaidBench</translation>
    </message>
    <message>
        <source>a tag already journaled</source>
        <translation>una etiqueta ya anotada en el registro</translation>
    </message>
    <message>
        <source>the journal could not be written</source>
        <translation>no se pudo escribir el registro</translation>
    </message>
    <message>
        <source>a build command failed (its output is in the message)</source>
        <translation>falló un comando de creación (su salida está en el mensaje)</translation>
    </message>
    <message>
        <source>the array&apos;s device node did not appear</source>
        <translation>no apareció el nodo de dispositivo del array</translation>
    </message>
    <message>
        <source>LVM&apos;s report could not be read</source>
        <translation>no se pudo leer el informe de LVM</translation>
    </message>
    <message>
        <source>stopped by the user</source>
        <translation>detenido por el usuario</translation>
    </message>
    <message>
        <source>a bug: please report it</source>
        <translation>un error del programa: notifíquelo, por favor</translation>
    </message>
    <message>
        <source>an unknown --rw pattern</source>
        <translation>un patrón --rw desconocido</translation>
    </message>
    <message>
        <source>a block size out of range</source>
        <translation>un tamaño de bloque fuera de intervalo</translation>
    </message>
    <message>
        <source>a queue depth out of range</source>
        <translation>una profundidad de cola fuera de intervalo</translation>
    </message>
    <message>
        <source>a read share outside 0-100</source>
        <translation>una proporción de lectura fuera de 0-100</translation>
    </message>
    <message>
        <source>an unknown data pattern</source>
        <translation>un patrón de datos desconocido</translation>
    </message>
    <message>
        <source>offset or length outside the target</source>
        <translation>desplazamiento o longitud fuera del destino</translation>
    </message>
    <message>
        <source>a target the engine cannot use</source>
        <translation>un destino que el motor no puede usar</translation>
    </message>
    <message>
        <source>a new file needs --size</source>
        <translation>un archivo nuevo necesita --size</translation>
    </message>
    <message>
        <source>writing to a device needs the destroy-data flag</source>
        <translation>escribir en un dispositivo requiere la opción de destruir datos</translation>
    </message>
    <message>
        <source>the target is a directory</source>
        <translation>el destino es un directorio</translation>
    </message>
    <message>
        <source>no permission to open the target</source>
        <translation>no hay permiso para abrir el destino</translation>
    </message>
    <message>
        <source>the target could not be opened</source>
        <translation>no se pudo abrir el destino</translation>
    </message>
    <message>
        <source>the test file could not be created</source>
        <translation>no se pudo crear el archivo de prueba</translation>
    </message>
    <message>
        <source>the target is read-only</source>
        <translation>el destino es de solo lectura</translation>
    </message>
    <message>
        <source>block size or offset not aligned for direct I/O</source>
        <translation>tamaño de bloque o desplazamiento no alineado para E/S directa</translation>
    </message>
    <message>
        <source>the file system refuses O_DIRECT</source>
        <translation>el sistema de archivos rechaza O_DIRECT</translation>
    </message>
    <message>
        <source>an I/O error</source>
        <translation>un error de E/S</translation>
    </message>
    <message>
        <source>the device reported EIO</source>
        <translation>el dispositivo informó de EIO</translation>
    </message>
    <message>
        <source>the target is full</source>
        <translation>el destino está lleno</translation>
    </message>
    <message>
        <source>the target ended early</source>
        <translation>el destino terminó antes de tiempo</translation>
    </message>
    <message>
        <source>buffers could not be allocated</source>
        <translation>no se pudieron reservar los búferes</translation>
    </message>
    <message>
        <source>mkfs failed</source>
        <translation>falló mkfs</translation>
    </message>
    <message>
        <source>mount failed</source>
        <translation>falló mount</translation>
    </message>
    <message>
        <source>umount failed</source>
        <translation>falló umount</translation>
    </message>
    <message>
        <source>a process could not be started</source>
        <translation>no se pudo iniciar un proceso</translation>
    </message>
    <message>
        <source>an empty command</source>
        <translation>un comando vacío</translation>
    </message>
    <message>
        <source>a program is not installed</source>
        <translation>un programa no está instalado</translation>
    </message>
    <message>
        <source>a directory root writes into is not root&apos;s alone</source>
        <translation>un directorio en el que escribe root no pertenece solo a root</translation>
    </message>
    <message>
        <source>a file could not be written</source>
        <translation>no se pudo escribir un archivo</translation>
    </message>
    <message>
        <source>an output path that cannot be written</source>
        <translation>una ruta de salida en la que no se puede escribir</translation>
    </message>
    <message>
        <source>fio output that cannot be read</source>
        <translation>salida de fio que no se puede leer</translation>
    </message>
    <message>
        <source>smartctl output that cannot be read</source>
        <translation>salida de smartctl que no se puede leer</translation>
    </message>
    <message>
        <source>a disk&apos;s write cache could not be read, set or restored</source>
        <translation>no se pudo leer, establecer o restaurar la caché de escritura de un disco</translation>
    </message>
    <message>
        <source>the results folder cannot be made</source>
        <translation>no se puede crear la carpeta de resultados</translation>
    </message>
    <message>
        <source>requirements for a recommendation that cannot be read</source>
        <translation>requisitos para una recomendación que no se pueden leer</translation>
    </message>
    <message>
        <source>nothing to chart</source>
        <translation>no hay nada que representar en un gráfico</translation>
    </message>
    <message>
        <source>a wrong command line</source>
        <translation>una línea de comandos incorrecta</translation>
    </message>
    <message>
        <source>a lab disk description that cannot be made</source>
        <translation>una descripción de disco del laboratorio que no se puede crear</translation>
    </message>
    <message>
        <source>an unknown --accel</source>
        <translation>un --accel desconocido</translation>
    </message>
    <message>
        <source>an output directory that cannot be used</source>
        <translation>un directorio de salida que no se puede usar</translation>
    </message>
    <message>
        <source>the lab is already running</source>
        <translation>el laboratorio ya está en marcha</translation>
    </message>
    <message>
        <source>the lab&apos;s cache folder cannot be written</source>
        <translation>no se puede escribir en la carpeta de caché del laboratorio</translation>
    </message>
    <message>
        <source>a command in the VM failed</source>
        <translation>falló un comando en la máquina virtual</translation>
    </message>
    <message>
        <source>the VM&apos;s agent did not answer</source>
        <translation>el agente de la máquina virtual no respondió</translation>
    </message>
    <message>
        <source>busybox-static is not installed</source>
        <translation>busybox-static no está instalado</translation>
    </message>
    <message>
        <source>no command given to lab run</source>
        <translation>no se indicó ningún comando para lab run</translation>
    </message>
    <message>
        <source>nbdkit or the lab&apos;s disk-model filter is missing or failed</source>
        <translation>falta nbdkit o el filtro de modelo de disco del laboratorio, o ha fallado</translation>
    </message>
    <message>
        <source>no kernel image in /boot</source>
        <translation>no hay ninguna imagen del kernel en /boot</translation>
    </message>
    <message>
        <source>the kernel&apos;s md, dm or raid modules are missing</source>
        <translation>faltan los módulos md, dm o raid del kernel</translation>
    </message>
    <message>
        <source>qemu-system-x86_64 is not installed</source>
        <translation>qemu-system-x86_64 no está instalado</translation>
    </message>
    <message>
        <source>no room for the lab&apos;s disk files</source>
        <translation>no hay espacio para los archivos de disco del laboratorio</translation>
    </message>
    <message>
        <source>the lab&apos;s work folder cannot be made</source>
        <translation>no se puede crear la carpeta de trabajo del laboratorio</translation>
    </message>
    <message>
        <source>qemu exited</source>
        <translation>qemu terminó</translation>
    </message>
    <message>
        <source>qemu&apos;s control socket failed</source>
        <translation>falló el socket de control de qemu</translation>
    </message>
    <message>
        <source>the lab was stopped</source>
        <translation>se detuvo el laboratorio</translation>
    </message>
    <message>
        <source>the VM did not boot</source>
        <translation>la máquina virtual no arrancó</translation>
    </message>
    <message>
        <source>a disk that cannot be used was dropped on a card</source>
        <translation>se soltó en una tarjeta un disco que no se puede usar</translation>
    </message>
    <message>
        <source>the canvas cannot take what was dropped</source>
        <translation>el lienzo no admite lo que se soltó</translation>
    </message>
</context>
<context>
    <name>PlanPage</name>
    <message>
        <source>Sequential write, 1 MiB blocks, queue depth 8</source>
        <translation>Escritura secuencial, bloques de 1 MiB, profundidad de cola 8</translation>
    </message>
    <message>
        <source>Sequential read, 1 MiB blocks, queue depth 8</source>
        <translation>Lectura secuencial, bloques de 1 MiB, profundidad de cola 8</translation>
    </message>
    <message>
        <source>Random write, 4 KiB blocks, queue depth 32</source>
        <translation>Escritura aleatoria, bloques de 4 KiB, profundidad de cola 32</translation>
    </message>
    <message>
        <source>Random read, 4 KiB blocks, queue depth 32</source>
        <translation>Lectura aleatoria, bloques de 4 KiB, profundidad de cola 32</translation>
    </message>
    <message>
        <source>dd-like write, 1 MiB blocks, queue depth 1</source>
        <translation>Escritura al estilo de dd, bloques de 1 MiB, profundidad de cola 1</translation>
    </message>
    <message>
        <source>Block-size sweep, write (4k to 4M)</source>
        <translation>Barrido de tamaño de bloque, escritura (de 4k a 4M)</translation>
    </message>
    <message>
        <source>Block-size sweep, read (4k to 4M)</source>
        <translation>Barrido de tamaño de bloque, lectura (de 4k a 4M)</translation>
    </message>
    <message>
        <source>Queue-depth sweep, random 4 KiB read (QD 1 to 64): latency against IOPS</source>
        <translation>Barrido de profundidad de cola, lectura aleatoria de 4 KiB (QD de 1 a 64): latencia frente a IOPS</translation>
    </message>
    <message>
        <source>Queue-depth sweep, random 4 KiB write (QD 1 to 64): latency against IOPS</source>
        <translation>Barrido de profundidad de cola, escritura aleatoria de 4 KiB (QD de 1 a 64): latencia frente a IOPS</translation>
    </message>
    <message>
        <source>Sequential write, 1 MiB blocks, each write flushed (what the write cache costs)</source>
        <translation>Escritura secuencial, bloques de 1 MiB, con vaciado tras cada escritura (lo que cuesta la caché de escritura)</translation>
    </message>
    <message>
        <source>Random write, 4 KiB blocks, each write flushed (a database&apos;s log)</source>
        <translation>Escritura aleatoria, bloques de 4 KiB, con vaciado tras cada escritura (el registro de una base de datos)</translation>
    </message>
    <message>
        <source>Sustained write until the rate settles: burst, steady rate, and where a cache filled</source>
        <translation>Escritura sostenida hasta que la velocidad se estabiliza: ráfaga, velocidad estable y dónde se llenó una caché</translation>
    </message>
    <message>
        <source>File system: sequential write, rewrite, read (bonnie)</source>
        <translation>Sistema de archivos: escritura secuencial, reescritura, lectura (bonnie)</translation>
    </message>
    <message>
        <source>File system: random seeks</source>
        <translation>Sistema de archivos: búsquedas aleatorias</translation>
    </message>
    <message>
        <source>File system: create, read, delete small files</source>
        <translation>Sistema de archivos: crear, leer y eliminar archivos pequeños</translation>
    </message>
    <message>
        <source>no size limit</source>
        <translation>sin límite de tamaño</translation>
    </message>
</context>
<context>
    <name>QuickAnswer</name>
    <message>
        <source>Nothing was built: the answer rests on the model alone. Took %1 to measure the disks.
</source>
        <translation>No se construyó nada: la respuesta se basa solo en el modelo. Medir los discos llevó %1.
</translation>
    </message>
    <message>
        <source>Random 4K at QD32, built and measured, against the model (IOPS):

</source>
        <translation>4K aleatorio a QD32, construidas y medidas, frente al modelo (IOPS):

</translation>
    </message>
    <message>
        <source>Built and measured, against the model (MB/s):

</source>
        <translation>Construidas y medidas, frente al modelo (MB/s):

</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>disposición</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>puesto</translation>
    </message>
    <message>
        <source>write</source>
        <translation>escritura</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>predicho</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>razón</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lectura</translation>
    </message>
    <message>
        <source>
The measurement confirms the model&apos;s first choice: %1.
</source>
        <translation>
La medida confirma la primera elección del modelo: %1.
</translation>
    </message>
    <message>
        <source>
The model ranked %1 first; measured, %2 comes first.
</source>
        <translation>
El modelo puso primera %1; medida, la primera es %2.
</translation>
    </message>
    <message>
        <source>no layout</source>
        <translation>ninguna disposición</translation>
    </message>
    <message>
        <source>
Took %1: the disks %2, %3 layout(s) built %4. Building all %5 layouts these disks allow, with the same tests, would take about %6.
</source>
        <translation>
Llevó %1: los discos %2, %3 disposición(es) construida(s) %4. Construir las %5 disposiciones que estos discos permiten, con las mismas pruebas, llevaría unos %6.
</translation>
    </message>
</context>
<context>
    <name>RaidBench::HostDisks</name>
    <message>
        <source>%1: no answer within %2 s of connecting</source>
        <translation>%1: sin respuesta en %2 s desde la conexión</translation>
    </message>
    <message>
        <source>%1: cancelled; nothing was changed</source>
        <translation>%1: cancelado; no se ha cambiado nada</translation>
    </message>
</context>
<context>
    <name>RaidBench::LabMachine</name>
    <message>
        <source>preparing the boot image</source>
        <translation>preparando la imagen de arranque</translation>
    </message>
    <message>
        <source>chosen by the caller</source>
        <translation>elegido por quien lo invoca</translation>
    </message>
    <message>
        <source>a KVM guest stalled on this host before (%1)</source>
        <translation>un invitado KVM se bloqueó antes en este equipo (%1)</translation>
    </message>
    <message>
        <source>the KVM guest did not boot within %1 s</source>
        <translation>el invitado KVM no arrancó en %1 s</translation>
    </message>
    <message>
        <source>the VM did not come up within %1 s (%2%3); its console ends with:
%4</source>
        <translation>la VM no arrancó en %1 s (%2%3); su consola termina con:
%4</translation>
    </message>
    <message>
        <source>, the second boot: the first %1</source>
        <translation>, el segundo arranque; el primero %1</translation>
    </message>
    <message>
        <source>the VM came up but did not start the command within %1 s, twice (the first boot: %2); its console ends with:
%3</source>
        <translation>la VM arrancó pero no inició la orden en %1 s, dos veces (el primer arranque: %2); su consola termina con:
%3</translation>
    </message>
    <message>
        <source>reported a stalled CPU (%1)</source>
        <translation>informó de una CPU bloqueada (%1)</translation>
    </message>
    <message>
        <source>did not come up within %1 s</source>
        <translation>no arrancó en %1 s</translation>
    </message>
    <message>
        <source>came up but did not start the command within %1 s</source>
        <translation>arrancó pero no inició la orden en %1 s</translation>
    </message>
    <message>
        <source>the VM %1; booting it again (once)</source>
        <translation>la VM %1; se arranca de nuevo (una vez)</translation>
    </message>
    <message>
        <source>power cut; booting again</source>
        <translation>corte de alimentación; arrancando de nuevo</translation>
    </message>
    <message>
        <source>timed out after %1; the VM was stopped</source>
        <translation>se agotó el tiempo tras %1; se detuvo la VM</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>detenida</translation>
    </message>
    <message>
        <source>qemu could not run the guest with KVM (%1)</source>
        <translation>qemu no pudo ejecutar el invitado con KVM (%1)</translation>
    </message>
    <message>
        <source>%1; fell back to TCG and will use it from now on</source>
        <translation>%1; se pasó a TCG y se usará a partir de ahora</translation>
    </message>
    <message>
        <source>KVM did not work (%1); booting again with TCG</source>
        <translation>KVM no funcionó (%1); arrancando de nuevo con TCG</translation>
    </message>
    <message>
        <source>the VM stopped before the command finished; its console ends with:
%1</source>
        <translation>la VM se detuvo antes de que terminara la orden; su consola termina con:
%1</translation>
    </message>
    <message>
        <source>the VM failed</source>
        <translation>la VM falló</translation>
    </message>
    <message numerus="yes">
        <source>booting %n virtual disk(s) with %1</source>
        <translation>
            <numerusform>arrancando %n disco virtual con %1</numerusform>
            <numerusform>arrancando %n discos virtuales con %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 virtual disk %2: %3</source>
        <translation>disco virtual %2 %1: %3</translation>
    </message>
    <message>
        <source>pulled out</source>
        <translation>extraído</translation>
    </message>
    <message>
        <source>put back</source>
        <translation>reinsertado</translation>
    </message>
    <message>
        <source>done</source>
        <translation>hecho</translation>
    </message>
    <message>
        <source>panicked while booting (%1)</source>
        <translation>sufrió un pánico del núcleo al arrancar (%1)</translation>
    </message>
    <message>
        <source>the VM stopped before it came up%1: %2</source>
        <translation>la VM se detuvo antes de arrancar%1: %2</translation>
    </message>
    <message>
        <source> (the first boot %1)</source>
        <translation> (el primer arranque %1)</translation>
    </message>
</context>
<context>
    <name>RaidBench::Session</name>
    <message>
        <source>%1 (over ssh)</source>
        <translation>%1 (por ssh)</translation>
    </message>
    <message>
        <source>lab VM</source>
        <translation>la VM del laboratorio</translation>
    </message>
    <message>
        <source>the helper stopped during the run: %1</source>
        <translation>el programa auxiliar se detuvo durante la ejecución: %1</translation>
    </message>
    <message>
        <source>The helper is not running; RaidBench cannot reach the disks.</source>
        <translation>El programa auxiliar no está en ejecución; RaidBench no puede acceder a los discos.</translation>
    </message>
    <message>
        <source>A run is in progress.</source>
        <translation>Hay una ejecución en curso.</translation>
    </message>
    <message>
        <source>%1 is not among the disks the helper sees; rescan the disks.</source>
        <translation>%1 no está entre los discos que ve el asistente; vuelva a buscar los discos.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui</name>
    <message>
        <source>Unknown chart format &quot;%1&quot;: use png, svg or pdf.</source>
        <translation>Formato de gráfico desconocido &quot;%1&quot;: use png, svg o pdf.</translation>
    </message>
    <message>
        <source>Made by RaidBench</source>
        <translation>Creado con RaidBench</translation>
    </message>
    <message>
        <source>There is no chart to export.</source>
        <translation>No hay ningún gráfico que exportar.</translation>
    </message>
    <message>
        <source>A chart must be 100 to 20000 pixels wide and high, not %1x%2.</source>
        <translation>Un gráfico debe tener entre 100 y 20000 píxeles de ancho y de alto, no %1x%2.</translation>
    </message>
    <message>
        <source>The DPI must be 30 to 1200, not %1.</source>
        <translation>El valor de DPI debe estar entre 30 y 1200, no %1.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>RaidBench results, %1</source>
        <translation>Resultados de RaidBench, %1</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Gráficos</translation>
    </message>
    <message>
        <source>Commands run</source>
        <translation>Órdenes ejecutadas</translation>
    </message>
    <message>
        <source>Every command RaidBench ran for each configuration, in order, to build, measure and tear it down.</source>
        <translation>Cada orden que RaidBench ejecutó para cada configuración, en orden, para crearla, medirla y desmontarla.</translation>
    </message>
    <message>
        <source>survives no failure</source>
        <translation>no sobrevive a ningún fallo</translation>
    </message>
    <message>
        <source>survives 1 failure</source>
        <translation>sobrevive a 1 fallo</translation>
    </message>
    <message>
        <source>survives 2 failures</source>
        <translation>sobrevive a 2 fallos</translation>
    </message>
    <message>
        <source>survives 3 or more</source>
        <translation>sobrevive a 3 o más</translation>
    </message>
    <message>
        <source>%1, %2: min-max</source>
        <translation>%1, %2: mín.-máx.</translation>
    </message>
    <message>
        <source>unstable</source>
        <translation>inestable</translation>
    </message>
    <message>
        <source>during resync</source>
        <translation>durante la resincronización</translation>
    </message>
    <message>
        <source>predicted write</source>
        <translation>escritura prevista</translation>
    </message>
    <message>
        <source>predicted read</source>
        <translation>lectura prevista</translation>
    </message>
    <message>
        <source>predicted (dashed)</source>
        <translation>previsto (discontinua)</translation>
    </message>
    <message>
        <source>one disk, write</source>
        <translation>un disco, escritura</translation>
    </message>
    <message>
        <source>one disk, read</source>
        <translation>un disco, lectura</translation>
    </message>
    <message>
        <source>best trade-offs</source>
        <translation>mejores compromisos</translation>
    </message>
    <message>
        <source> (left out)</source>
        <translation> (descartada)</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::AnswerPanel</name>
    <message>
        <source>Click a point for its numbers.</source>
        <translation>Haga clic en un punto para ver sus cifras.</translation>
    </message>
    <message>
        <source>The same from a shell: raidbench-cli report RESULTS.json --recommend &quot;%1&quot;</source>
        <translation>Lo mismo desde un shell: raidbench-cli report RESULTS.json --recommend &quot;%1&quot;</translation>
    </message>
    <message>
        <source>No results yet.</source>
        <translation>Aún no hay resultados.</translation>
    </message>
    <message>
        <source>Still measuring: %1 of %2 layouts to go; this answer covers only the ones measured so far.</source>
        <translation>Aún se está midiendo: quedan %1 de %2 disposiciones; esta respuesta solo cubre las medidas hasta ahora.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ArrayCanvas</name>
    <message>
        <source>Array canvas</source>
        <translation>Lienzo de arrays</translation>
    </message>
    <message>
        <source>Each card is one configuration, built and measured one after another; the same disks may be used in several. Drop disks on a card to add them, drop a card into another to nest it.</source>
        <translation>Cada tarjeta es una configuración, que se crea y se mide una tras otra; los mismos discos pueden usarse en varias. Suelte discos en una tarjeta para añadirlos, o suelte una tarjeta dentro de otra para anidarla.</translation>
    </message>
    <message>
        <source>New array area</source>
        <translation>Zona de nuevo array</translation>
    </message>
    <message>
        <source>＋ Drop disks here for a new array, or a card to put it inside a new RAID0</source>
        <translation>＋ Suelte discos aquí para crear un array nuevo, o una tarjeta para meterla dentro de un RAID0 nuevo</translation>
    </message>
    <message>
        <source>%1 cannot be used: %2</source>
        <translation>No se puede usar %1: %2</translation>
    </message>
    <message>
        <source>Only disks and cards can be dropped here.</source>
        <translation>Aquí solo se pueden soltar discos y tarjetas.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::BuildPage</name>
    <message>
        <source>it is not among this machine&apos;s disks</source>
        <translation>no está entre los discos de este equipo</translation>
    </message>
    <message>
        <source>&amp;Add selected disks</source>
        <translation>&amp;Añadir los discos seleccionados</translation>
    </message>
    <message>
        <source>The keyboard way of dragging: add the disks selected in the pool to a new array or a card.</source>
        <translation>La forma de arrastrar con el teclado: añade los discos seleccionados en el conjunto de discos a un array nuevo o a una tarjeta.</translation>
    </message>
    <message>
        <source>New array</source>
        <translation>Nuevo array</translation>
    </message>
    <message>
        <source>Add to %1</source>
        <translation>Añadir a %1</translation>
    </message>
    <message>
        <source>Add the &amp;standard set</source>
        <translation>Añadir el conjunto e&amp;stándar</translation>
    </message>
    <message>
        <source>Every layout the usable disks allow (or the disks you selected, when two or more), members spread across controllers.</source>
        <translation>Todas las disposiciones que permiten los discos utilizables (o los discos que haya seleccionado, si son dos o más), con los miembros repartidos entre controladoras.</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>&amp;Vaciar</translation>
    </message>
    <message>
        <source>Next: &amp;plan the run</source>
        <translation>Siguiente: &amp;planificar la ejecución</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::CanvasModel</name>
    <message>
        <source>Single disk</source>
        <translation>Disco único</translation>
    </message>
    <message>
        <source>Linear</source>
        <translation>Lineal</translation>
    </message>
    <message>
        <source>RAID0</source>
        <translation>RAID0</translation>
    </message>
    <message>
        <source>RAID1</source>
        <translation>RAID1</translation>
    </message>
    <message>
        <source>RAID4</source>
        <translation>RAID4</translation>
    </message>
    <message>
        <source>RAID5</source>
        <translation>RAID5</translation>
    </message>
    <message>
        <source>RAID6</source>
        <translation>RAID6</translation>
    </message>
    <message>
        <source>RAID10</source>
        <translation>RAID10</translation>
    </message>
    <message>
        <source>LVM stripe</source>
        <translation>LVM en franjas</translation>
    </message>
    <message>
        <source>Drop one or more disks to make an array.</source>
        <translation>Suelte uno o más discos para crear un array.</translation>
    </message>
    <message>
        <source>The same disk was dropped twice.</source>
        <translation>Se ha soltado el mismo disco dos veces.</translation>
    </message>
    <message>
        <source>A single-disk configuration holds exactly one disk.</source>
        <translation>Una configuración de disco único contiene exactamente un disco.</translation>
    </message>
    <message>
        <source>New %1</source>
        <translation>Nuevo %1</translation>
    </message>
    <message>
        <source>That card is gone.</source>
        <translation>Esa tarjeta ya no existe.</translation>
    </message>
    <message>
        <source>%1 is already in this configuration; a disk can be in one place of it only.</source>
        <translation>%1 ya está en esta configuración; un disco solo puede estar en un lugar de ella.</translation>
    </message>
    <message numerus="yes">
        <source>Add %n disk(s) to %1</source>
        <translation>
            <numerusform>Añadir %n disco a %1</numerusform>
            <numerusform>Añadir %n discos a %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Quitar %1</translation>
    </message>
    <message>
        <source>%1 is not a member of that card.</source>
        <translation>%1 no es miembro de esa tarjeta.</translation>
    </message>
    <message>
        <source>Make it %1</source>
        <translation>Convertir en %1</translation>
    </message>
    <message>
        <source>Only a configuration of one disk can be a single disk.</source>
        <translation>Solo una configuración de un disco puede ser un disco único.</translation>
    </message>
    <message>
        <source>Chunk size</source>
        <translation>Tamaño de fragmento (chunk)</translation>
    </message>
    <message>
        <source>Stripe size</source>
        <translation>Tamaño de franja</translation>
    </message>
    <message>
        <source>Layout %1</source>
        <translation>Disposición %1</translation>
    </message>
    <message>
        <source>Write-intent bitmap</source>
        <translation>Mapa de bits de intención de escritura</translation>
    </message>
    <message>
        <source>Assume clean</source>
        <translation>Suponer limpio</translation>
    </message>
    <message>
        <source>A card cannot go inside itself.</source>
        <translation>Una tarjeta no puede ir dentro de sí misma.</translation>
    </message>
    <message>
        <source>A single disk cannot hold other arrays; make it an array level first.</source>
        <translation>Un disco único no puede contener otros arrays; conviértalo antes en un nivel RAID.</translation>
    </message>
    <message>
        <source>Drop the disk itself, not a single-disk card.</source>
        <translation>Suelte el propio disco, no una tarjeta de disco único.</translation>
    </message>
    <message>
        <source>An md array cannot be built on an LVM volume; put LVM striping at the top.</source>
        <translation>No se puede crear un array md sobre un volumen LVM; ponga las franjas LVM en el nivel superior.</translation>
    </message>
    <message>
        <source>%1 is already in %2&apos;s configuration; a disk can be in one place of it only.</source>
        <translation>%1 ya está en la configuración de %2; un disco solo puede estar en un lugar de ella.</translation>
    </message>
    <message>
        <source>Nest %1 in %2</source>
        <translation>Anidar %1 en %2</translation>
    </message>
    <message>
        <source>A single disk cannot hold an array.</source>
        <translation>Un disco único no puede contener un array.</translation>
    </message>
    <message>
        <source>Put %1 in a new %2</source>
        <translation>Poner %1 en un %2 nuevo</translation>
    </message>
    <message>
        <source>That card is already a configuration of its own.</source>
        <translation>Esa tarjeta ya es una configuración independiente.</translation>
    </message>
    <message>
        <source>Move %1 out</source>
        <translation>Sacar %1</translation>
    </message>
    <message>
        <source>Select at least one eligible disk.</source>
        <translation>Seleccione al menos un disco utilizable.</translation>
    </message>
    <message>
        <source>Every layout of the standard set for these disks is on the canvas already.</source>
        <translation>Todas las disposiciones del conjunto estándar para estos discos ya están en el lienzo.</translation>
    </message>
    <message>
        <source>Add the standard comparison set</source>
        <translation>Añadir el conjunto estándar de comparación</translation>
    </message>
    <message>
        <source>Load configurations</source>
        <translation>Cargar configuraciones</translation>
    </message>
    <message>
        <source>Clear the canvas</source>
        <translation>Vaciar el lienzo</translation>
    </message>
    <message>
        <source>which disks hold the same data</source>
        <translation>qué discos guardan los mismos datos</translation>
    </message>
    <message>
        <source>%1 keeps its data when a controller is lost, %2 does not</source>
        <translation>%1 conserva sus datos si se pierde una controladora, %2 no</translation>
    </message>
    <message>
        <source>%1 is %2 with its disks paired differently: %3.</source>
        <translation>%1 es %2 con sus discos emparejados de otra forma: %3.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::CardWidget</name>
    <message>
        <source>Drag this card into another card&apos;s nest area to nest it (RAID50 = RAID0 holding RAID5 cards).</source>
        <translation>Arrastre esta tarjeta a la zona de anidado de otra tarjeta para anidarla (RAID50 = RAID0 que contiene tarjetas RAID5).</translation>
    </message>
    <message>
        <source>Level of %1</source>
        <translation>Nivel de %1</translation>
    </message>
    <message>
        <source>RAID10 layout</source>
        <translation>Disposición de RAID10</translation>
    </message>
    <message>
        <source>%1 %2 (fills the legs&apos; stripes)</source>
        <translation>%1 %2 (llena las franjas de las ramas)</translation>
    </message>
    <message>
        <source>%1 %2 (default)</source>
        <translation>%1 %2 (predeterminado)</translation>
    </message>
    <message>
        <source>Each write to a leg is then whole stripes: no reads before writing.</source>
        <translation>Así cada escritura en una rama ocupa franjas completas: sin lecturas antes de escribir.</translation>
    </message>
    <message>
        <source>Chunk size</source>
        <translation>Tamaño de fragmento</translation>
    </message>
    <message>
        <source>chunk</source>
        <translation>fragmento</translation>
    </message>
    <message>
        <source>Stripe size</source>
        <translation>Tamaño de franja</translation>
    </message>
    <message>
        <source>stripe</source>
        <translation>franja</translation>
    </message>
    <message>
        <source>bitmap</source>
        <translation>mapa de bits</translation>
    </message>
    <message>
        <source>Internal write-intent bitmap: faster resync after a crash, slower writes.</source>
        <translation>Mapa de bits interno de intención de escritura: resincronización más rápida tras una caída, escrituras más lentas.</translation>
    </message>
    <message>
        <source>assume clean</source>
        <translation>suponer limpio</translation>
    </message>
    <message>
        <source>Skip md&apos;s initial resync (hours on big disks); fine for a benchmark of blank disks.</source>
        <translation>Omitir la resincronización inicial de md (horas en discos grandes); adecuado para una prueba de rendimiento con discos vacíos.</translation>
    </message>
    <message>
        <source>Remove this card</source>
        <translation>Quitar esta tarjeta</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Quitar %1</translation>
    </message>
    <message>
        <source>%1 — click to remove it from this card</source>
        <translation>%1 — haga clic para quitarlo de esta tarjeta</translation>
    </message>
    <message>
        <source>Disk %1 in %2</source>
        <translation>Disco %1 en %2</translation>
    </message>
    <message>
        <source>⤵ drop disks or cards here to add them to %1</source>
        <translation>⤵ suelte aquí discos o tarjetas para añadirlos a %1</translation>
    </message>
    <message>
        <source>%1 usable · %2 % of raw</source>
        <translation>%1 utilizables · %2 % del espacio bruto</translation>
    </message>
    <message>
        <source> · survives %1 failure(s)</source>
        <translation> · sobrevive a %1 fallo(s)</translation>
    </message>
    <message>
        <source> (up to %1)</source>
        <translation> (hasta %1)</translation>
    </message>
    <message>
        <source> · one controller</source>
        <translation> · una controladora</translation>
    </message>
    <message>
        <source> · survives a controller loss</source>
        <translation> · sobrevive a la pérdida de una controladora</translation>
    </message>
    <message>
        <source> · a controller loss kills it</source>
        <translation> · la pérdida de una controladora lo inutiliza</translation>
    </message>
    <message>
        <source> (partial stripes: %1 to %2)</source>
        <translation> (franjas parciales: %1 a %2)</translation>
    </message>
    <message>
        <source> (partial stripes)</source>
        <translation> (franjas parciales)</translation>
    </message>
    <message>
        <source> · predicted %1 write%2, %3 read</source>
        <translation> · previsto %1 de escritura%2, %3 de lectura</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Nota: %1</translation>
    </message>
    <message>
        <source>Remove this disk from %1</source>
        <translation>Quitar este disco de %1</translation>
    </message>
    <message>
        <source>Move out to a configuration of its own</source>
        <translation>Sacar a una configuración propia</translation>
    </message>
    <message>
        <source>Put inside a new</source>
        <translation>Meter dentro de un nuevo</translation>
    </message>
    <message>
        <source>Remove the whole %1</source>
        <translation>Quitar %1 entero</translation>
    </message>
    <message>
        <source>Add to</source>
        <translation>Añadir a</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ChartHover</name>
    <message>
        <source>%1 — %2: %3 %4</source>
        <translation>%1 — %2: %3 %4</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ChartParts</name>
    <message>
        <source>milliseconds</source>
        <translation>milisegundos</translation>
    </message>
    <message>
        <source>microseconds</source>
        <translation>microsegundos</translation>
    </message>
    <message>
        <source> (failed)</source>
        <translation> (fallida)</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::Charts</name>
    <message>
        <source>No queue-depth sweep in these results (add one to the plan).</source>
        <translation>No hay ningún barrido de profundidad de cola en estos resultados (añada uno al plan).</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>latency (%1)</source>
        <translation>latencia (%1)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>queue depth</source>
        <translation>profundidad de cola</translation>
    </message>
    <message>
        <source>block size (KiB)</source>
        <translation>tamaño de bloque (KiB)</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>No block-size sweep in these results (add one to the plan).</source>
        <translation>No hay ningún barrido de tamaño de bloque en estos resultados (añada uno al plan).</translation>
    </message>
    <message>
        <source>position on the disk (%): its first byte at 0, its last at 100</source>
        <translation>posición en el disco (%): su primer byte en 0, el último en 100</translation>
    </message>
    <message>
        <source>%1: flat (within 5 %)</source>
        <translation>%1: plano (dentro del 5 %)</translation>
    </message>
    <message>
        <source>%1: slowest at the %2, %3 % of its fastest</source>
        <translation>%1: zona más lenta: %2, al %3 % de la más rápida</translation>
    </message>
    <message>
        <source>No disk in these results was read across its surface (Disks page: Surface; raidbench-cli disks --surface).</source>
        <translation>Ningún disco de estos resultados se ha leído en toda su superficie (página Discos: Superficie; raidbench-cli disks --surface).</translation>
    </message>
    <message>
        <source>No test in these results kept its samples.</source>
        <translation>Ninguna prueba de estos resultados ha conservado sus muestras.</translation>
    </message>
    <message>
        <source>No samples of %1 in these results.</source>
        <translation>No hay muestras de %1 en estos resultados.</translation>
    </message>
    <message>
        <source>No configuration on this page kept samples of %1.</source>
        <translation>Ninguna configuración de esta página ha conservado muestras de %1.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <source>No random test in these results: latency percentiles come from the 4k random tests.</source>
        <translation>No hay ninguna prueba aleatoria en estos resultados: los percentiles de latencia proceden de las pruebas aleatorias de 4k.</translation>
    </message>
    <message>
        <source>%1: %2 (median of the runs)</source>
        <translation>%1: %2 (mediana de las ejecuciones)</translation>
    </message>
    <message>
        <source>No command of yours ran in these results.</source>
        <translation>En estos resultados no se ha ejecutado ningún comando suyo.</translation>
    </message>
    <message>
        <source>min</source>
        <translation>mín.</translation>
    </message>
    <message>
        <source>median</source>
        <translation>mediana</translation>
    </message>
    <message>
        <source>max</source>
        <translation>máx.</translation>
    </message>
    <message>
        <source>seconds (less is better)</source>
        <translation>segundos (menos es mejor)</translation>
    </message>
    <message>
        <source>No layout on this page ran the failure drill.</source>
        <translation>Ninguna disposición de esta página ha ejecutado el simulacro de fallo.</translation>
    </message>
    <message>
        <source>%1, healthy</source>
        <translation>%1, sano</translation>
    </message>
    <message>
        <source>%1, one disk failed</source>
        <translation>%1, con un disco averiado</translation>
    </message>
    <message>
        <source>%1 (%2 s)</source>
        <translation>%1 (%2 s)</translation>
    </message>
    <message>
        <source>No layout on this page timed a rebuild.</source>
        <translation>Ninguna disposición de esta página ha cronometrado una reconstrucción.</translation>
    </message>
    <message>
        <source>seconds since the disk was added back</source>
        <translation>segundos desde que se volvió a añadir el disco</translation>
    </message>
    <message>
        <source>rebuild MB/s</source>
        <translation>MB/s de reconstrucción</translation>
    </message>
    <message>
        <source>MB/s per configuration</source>
        <translation>MB/s por configuración</translation>
    </message>
    <message>
        <source>Each disk on its own</source>
        <translation>Cada disco por separado</translation>
    </message>
    <message>
        <source>Space kept against speed</source>
        <translation>Espacio útil frente a velocidad</translation>
    </message>
    <message>
        <source>Each disk across its surface</source>
        <translation>Cada disco en toda su superficie</translation>
    </message>
    <message>
        <source>MB/s by block size</source>
        <translation>MB/s por tamaño de bloque</translation>
    </message>
    <message>
        <source>Latency against IOPS as the queue deepens</source>
        <translation>Latencia frente a IOPS al aumentar la cola</translation>
    </message>
    <message>
        <source>IOPS by queue depth</source>
        <translation>IOPS por profundidad de cola</translation>
    </message>
    <message>
        <source>MB/s over time</source>
        <translation>MB/s a lo largo del tiempo</translation>
    </message>
    <message>
        <source>Latency percentiles</source>
        <translation>Percentiles de latencia</translation>
    </message>
    <message>
        <source>Your command: seconds per run</source>
        <translation>Su comando: segundos por ejecución</translation>
    </message>
    <message>
        <source>When a disk fails: healthy and degraded MB/s</source>
        <translation>Cuando falla un disco: MB/s sano y degradado</translation>
    </message>
    <message>
        <source>Rebuild MB/s over time</source>
        <translation>MB/s de reconstrucción a lo largo del tiempo</translation>
    </message>
    <message>
        <source>Each disk read at points from its first byte (0 %) to its last (100 %), read only. A hard disk passes more data per turn on its outer tracks, at the start, than on its inner ones at the end; an SSD stays flat. A dip in one place only can be a weak area of the disk.</source>
        <translation>Cada disco leído en puntos desde su primer byte (0 %) hasta el último (100 %), solo lectura. Un disco duro transfiere más datos por vuelta en sus pistas exteriores, al principio, que en las interiores, al final; un SSD se mantiene plano. Una caída en un solo punto puede indicar una zona débil del disco.</translation>
    </message>
    <message>
        <source>A point per queue depth, from QD 1 at the left; solid: median latency (p50), dashed: p99. Where a line turns up, more load buys latency, not IOPS.</source>
        <translation>Un punto por profundidad de cola, desde QD 1 a la izquierda; continua: latencia mediana (p50), discontinua: p99. Donde una línea se dispara hacia arriba, más carga se traduce en latencia, no en IOPS.</translation>
    </message>
    <message>
        <source>These results hold no configuration.</source>
        <translation>Estos resultados no contienen ninguna configuración.</translation>
    </message>
    <message>
        <source>%1 (page %2 of %3)</source>
        <translation>%1 (página %2 de %3)</translation>
    </message>
    <message>
        <source>No disk was measured on its own in these results.</source>
        <translation>En estos resultados no se ha medido ningún disco por separado.</translation>
    </message>
    <message>
        <source>write</source>
        <translation>escritura</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lectura</translation>
    </message>
    <message>
        <source> · ctl %1</source>
        <translation> · ctl %1</translation>
    </message>
    <message>
        <source> (slow)</source>
        <translation> (lento)</translation>
    </message>
    <message>
        <source>ctl %1 = %2</source>
        <translation>ctl %1 = %2</translation>
    </message>
    <message>
        <source>There is no chart &quot;%1&quot;; the charts are %2.</source>
        <translation>No existe el gráfico &quot;%1&quot;; los gráficos son %2.</translation>
    </message>
    <message>
        <source>A comparison of several runs has no trade-off chart: open one results file.</source>
        <translation>Una comparación de varias ejecuciones no tiene gráfico de compromiso: abra un único archivo de resultados.</translation>
    </message>
    <message>
        <source>No layout has the measures to rank on (%1).</source>
        <translation>Ninguna disposición tiene las mediciones necesarias para clasificar (%1).</translation>
    </message>
    <message>
        <source>Space kept against %1</source>
        <translation>Espacio útil frente a %1</translation>
    </message>
    <message>
        <source>space kept (%)</source>
        <translation>espacio útil (%)</translation>
    </message>
    <message>
        <source>%1 (predicted)</source>
        <translation>%1 (previsto)</translation>
    </message>
    <message>
        <source>Each disk on its own, grouped by controller; a slow disk (below 75 % of the median disk&apos;s speed) in orange.</source>
        <translation>Cada disco por separado, agrupados por controladora; en naranja, un disco lento (por debajo del 75 % de la velocidad del disco mediano).</translation>
    </message>
    <message>
        <source>A point per layout: further right keeps more space, higher is faster. Shape and colour: the failures it survives; hollow: left out by the requirements. The dashed line joins the best trade-offs among the layouts that qualify (no other that qualifies keeps as much space and is as fast), which are named. A score is the weighted mean of each measure as a share of the best layout that qualifies (100); a layout left out may score above it.</source>
        <translation>Un punto por disposición: cuanto más a la derecha, más espacio útil; cuanto más arriba, más rápida. Forma y color: los fallos a los que sobrevive; hueco: descartada por los requisitos. La línea discontinua une los mejores compromisos entre las disposiciones que cumplen los requisitos (ninguna otra que los cumpla conserva tanto espacio y es igual de rápida), que aparecen con su nombre. La puntuación es la media ponderada de cada medida como proporción de la mejor disposición que cumple los requisitos (100); una descartada puede puntuar por encima.</translation>
    </message>
    <message>
        <source>start</source>
        <translation>inicio</translation>
    </message>
    <message>
        <source>middle</source>
        <translation>centro</translation>
    </message>
    <message>
        <source>end</source>
        <translation>final</translation>
    </message>
    <message>
        <source>slow disks in orange</source>
        <translation>discos lentos en naranja</translation>
    </message>
    <message>
        <source>Bars: median of the repeats; whiskers: min to max; dashes: predicted from the disks&apos; own speed; dash-dot lines: one disk on its own (the median disk); a triangle: the repeats still varied more than the plan allows (unstable); a diamond: measured while an array resynced. Random tests are on the Table tab, in IOPS.</source>
        <translation>Barras: mediana de las repeticiones; bigotes: del mínimo al máximo; guiones: previsto a partir de la velocidad propia de los discos; líneas de guion y punto: un disco por separado (el disco mediano); un triángulo: las repeticiones variaron más de lo que permite el plan (inestable); un rombo: medido mientras un array se resincronizaba. Las pruebas aleatorias están en la pestaña Tabla, en IOPS.</translation>
    </message>
    <message>
        <source>These results hold only random tests: they are on the Table tab, in IOPS.</source>
        <translation>Estos resultados solo tienen pruebas aleatorias: están en la pestaña Tabla, en IOPS.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::DestroyConfirmDialog</name>
    <message numerus="yes">
        <source>Destroy the data on %n disk(s)?</source>
        <translation>
            <numerusform>¿Destruir los datos de %n disco?</numerusform>
            <numerusform>¿Destruir los datos de %n discos?</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Everything on these disks will be destroyed.&lt;/b&gt; RaidBench builds arrays on them, writes over them and wipes them afterwards. Check the serial numbers against the labels on the drives.</source>
        <translation>&lt;b&gt;Se destruirá todo lo que haya en estos discos.&lt;/b&gt; RaidBench crea arrays en ellos, los sobrescribe y después los borra. Compruebe los números de serie con las etiquetas de las unidades.</translation>
    </message>
    <message>
        <source>Type the number of disks (%1) to confirm:</source>
        <translation>Escriba el número de discos (%1) para confirmar:</translation>
    </message>
    <message>
        <source>Number of disks</source>
        <translation>Número de discos</translation>
    </message>
    <message>
        <source>Destroy and run</source>
        <translation>Destruir y ejecutar</translation>
    </message>
    <message numerus="yes">
        <source>Destroy the data on %n disk(s) of %1?</source>
        <translation>
            <numerusform>¿Destruir los datos de %n disco de %1?</numerusform>
            <numerusform>¿Destruir los datos de %n discos de %1?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::DiskDelegate</name>
    <message>
        <source>(no model)</source>
        <translation>(sin modelo)</translation>
    </message>
    <message>
        <source>W</source>
        <translation>E</translation>
    </message>
    <message>
        <source>R</source>
        <translation>L</translation>
    </message>
    <message>
        <source>slow: %1</source>
        <translation>lento: %1</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::DiskHealthText</name>
    <message>
        <source>OK</source>
        <translation>Correcto</translation>
    </message>
    <message>
        <source>Failing</source>
        <translation>Con fallos</translation>
    </message>
    <message>
        <source>No SMART</source>
        <translation>Sin SMART</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconocido</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>on</source>
        <translation>activada</translation>
    </message>
    <message>
        <source>off</source>
        <translation>desactivada</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocida</translation>
    </message>
    <message>
        <source>Could be slow: %1</source>
        <translation>Podría ser lento: %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Health&lt;/b&gt;: not read yet.</source>
        <translation>&lt;br&gt;&lt;b&gt;Estado&lt;/b&gt;: aún no leído.</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation>%1 °C</translation>
    </message>
    <message>
        <source>%1 hours powered on</source>
        <translation>%1 horas encendido</translation>
    </message>
    <message>
        <source>link %1</source>
        <translation>enlace %1</translation>
    </message>
    <message>
        <source>%1 rpm</source>
        <translation>%1 rpm</translation>
    </message>
    <message>
        <source>%1 % of its rated wear used</source>
        <translation>%1 % de su desgaste nominal consumido</translation>
    </message>
    <message>
        <source>Write cache</source>
        <translation>Caché de escritura</translation>
    </message>
    <message>
        <source>read with %1</source>
        <translation>leída con %1</translation>
    </message>
    <message>
        <source>Could be slow:</source>
        <translation>Podría ser lento:</translation>
    </message>
    <message>
        <source>the disk reports no SMART (virtual disks and some USB bridges have none)</source>
        <translation>el disco no ofrece SMART (los discos virtuales y algunos adaptadores USB no lo tienen)</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::DiskPoolModel</name>
    <message>
        <source>serial</source>
        <translation>número de serie</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>controller</source>
        <translation>controladora</translation>
    </message>
    <message>
        <source>Cannot be used:</source>
        <translation>No se puede usar:</translation>
    </message>
    <message>
        <source>Slow:</source>
        <translation>Lento:</translation>
    </message>
    <message>
        <source>usable</source>
        <translation>utilizable</translation>
    </message>
    <message>
        <source>not usable</source>
        <translation>no utilizable</translation>
    </message>
    <message>
        <source>Not measured yet in this session; the speeds shown are its last, from %1 (the results folder, by serial number).</source>
        <translation>Aún no medido en esta sesión; las velocidades que se muestran son las últimas, del %1 (de la carpeta de resultados, por número de serie).</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::DiskPoolWidget</name>
    <message>
        <source>&amp;Measure disks</source>
        <translation>&amp;Medir discos</translation>
    </message>
    <message>
        <source>Disks</source>
        <translation>Discos</translation>
    </message>
    <message>
        <source>Disk details</source>
        <translation>Detalles del disco</translation>
    </message>
    <message>
        <source>Measure each selected (or every usable) disk on its own: sequential write and read. This writes to the disks.</source>
        <translation>Medir cada disco seleccionado (o todos los utilizables) por separado: escritura y lectura secuenciales. Esto escribe en los discos.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Disks&lt;/b&gt; — drag them onto the canvas</source>
        <translation>&lt;b&gt;Discos&lt;/b&gt; — arrástrelos al lienzo</translation>
    </message>
    <message>
        <source>Speed history:</source>
        <translation>Historial de velocidad:</translation>
    </message>
    <message>
        <source>none yet; measuring the disks keeps one in the results folder.</source>
        <translation>ninguno aún; al medir los discos se guarda uno en la carpeta de resultados.</translation>
    </message>
    <message>
        <source>write</source>
        <translation>escritura</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lectura</translation>
    </message>
    <message>
        <source>1 run on %1; </source>
        <translation>1 ejecución el %1; </translation>
    </message>
    <message>
        <source>%1 runs since %2; </source>
        <translation>%1 ejecuciones desde el %2; </translation>
    </message>
    <message>
        <source>Slower than at first:</source>
        <translation>Más lento que al principio:</translation>
    </message>
    <message>
        <source>Controllers: %1</source>
        <translation>Controladoras: %1</translation>
    </message>
    <message>
        <source>Select a disk to see why it can or cannot be used.</source>
        <translation>Seleccione un disco para ver por qué se puede o no se puede usar.</translation>
    </message>
    <message numerus="yes">
        <source>%n disks selected.</source>
        <translation>
            <numerusform>%n disco seleccionado.</numerusform>
            <numerusform>%n discos seleccionados.</numerusform>
        </translation>
    </message>
    <message>
        <source>Serial %1, %2, %3, sectors %4/%5 B, %6</source>
        <translation>N.º de serie %1, %2, %3, sectores %4/%5 B, %6</translation>
    </message>
    <message>
        <source>rotational</source>
        <translation>rotacional</translation>
    </message>
    <message>
        <source>solid state</source>
        <translation>estado sólido</translation>
    </message>
    <message>
        <source>Controller %1, port %2</source>
        <translation>Controladora %1, puerto %2</translation>
    </message>
    <message>
        <source>Usable: nothing uses it and it holds no data RaidBench can see.</source>
        <translation>Utilizable: nada lo usa y no contiene datos que RaidBench pueda ver.</translation>
    </message>
    <message>
        <source>Not usable:</source>
        <translation>No utilizable:</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::DiskTableModel</name>
    <message>
        <source>Disk</source>
        <translation>Disco</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Serial</source>
        <translation>N.º de serie</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transporte</translation>
    </message>
    <message>
        <source>Controller</source>
        <translation>Controladora</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Temp.</source>
        <translation>Temp.</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Enlace</translation>
    </message>
    <message>
        <source>Write cache</source>
        <translation>Caché de escritura</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>Escritura</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Lectura</translation>
    </message>
    <message>
        <source>Usable?</source>
        <translation>¿Utilizable?</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Usable: nothing uses it and it holds no data.</source>
        <translation>Utilizable: nada lo usa y no contiene datos.</translation>
    </message>
    <message>
        <source>Usable, but slow: %1</source>
        <translation>Utilizable, pero lento: %1</translation>
    </message>
    <message>
        <source>Not usable: %1</source>
        <translation>No utilizable: %1</translation>
    </message>
    <message>
        <source>Health: %1</source>
        <translation>Estado: %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>yes (slow)</source>
        <translation>sí (lento)</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>no: %1</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::DisksPage</name>
    <message>
        <source>&lt;b&gt;No disk here can be used.&lt;/b&gt; Every disk of this machine is in use or holds data, and RaidBench never writes to those. Try everything on virtual disks instead: the lab starts a small VM with real kernel md and throttled disks.</source>
        <translation>&lt;b&gt;Aquí no se puede usar ningún disco.&lt;/b&gt; Todos los discos de este equipo están en uso o contienen datos, y RaidBench nunca escribe en ellos. Pruebe todo con discos virtuales: el laboratorio inicia una pequeña máquina virtual con md real del kernel y discos de velocidad limitada.</translation>
    </message>
    <message>
        <source>Try the &amp;virtual lab…</source>
        <translation>Probar el laboratorio &amp;virtual…</translation>
    </message>
    <message>
        <source>&amp;Connect to this machine&apos;s disks…</source>
        <translation>&amp;Conectarse a los discos de este equipo…</translation>
    </message>
    <message>
        <source>Starts RaidBench&apos;s helper with administrator rights (polkit asks once).</source>
        <translation>Inicia el programa auxiliar de RaidBench con derechos de administrador (polkit lo pregunta una sola vez).</translation>
    </message>
    <message>
        <source>Connect to &amp;another machine…</source>
        <translation>Conectarse a &amp;otro equipo…</translation>
    </message>
    <message>
        <source>Works on the disks of a server over ssh, through the RaidBench helper installed there.</source>
        <translation>Trabaja con los discos de un servidor por ssh, mediante el programa auxiliar de RaidBench instalado allí.</translation>
    </message>
    <message>
        <source>Virtual &amp;lab…</source>
        <translation>&amp;Laboratorio virtual…</translation>
    </message>
    <message>
        <source>&amp;Rescan</source>
        <translation>Volver a &amp;explorar</translation>
    </message>
    <message>
        <source>&amp;Surface…</source>
        <translation>&amp;Superficie…</translation>
    </message>
    <message>
        <source>Reads the selected disks (or every usable one) at points from their first byte to their last and charts MB/s against position: a hard disk is slower at its end. Read only; a disk in use is refused, and then nothing is read.</source>
        <translation>Lee los discos seleccionados (o todos los utilizables) en puntos desde su primer byte hasta el último y representa los MB/s frente a la posición: un disco duro es más lento al final. Solo lectura; si un disco está en uso, se rechaza y no se lee nada.</translation>
    </message>
    <message>
        <source>&amp;Quick answer…</source>
        <translation>&amp;Respuesta rápida…</translation>
    </message>
    <message>
        <source>All disks</source>
        <translation>Todos los discos</translation>
    </message>
    <message>
        <source>RaidBench needs administrator rights to see the disks and build arrays. Connect, and polkit asks for the password once; or try everything on virtual disks in the lab.</source>
        <translation>RaidBench necesita derechos de administrador para ver los discos y crear arrays. Conéctese y polkit le pedirá la contraseña una vez; o pruebe todo con discos virtuales en el laboratorio.</translation>
    </message>
    <message>
        <source>Not connected. %1</source>
        <translation>Sin conexión. %1</translation>
    </message>
    <message>
        <source>%1 disk(s) on %2, %3 usable. Select disks and drag them onto the Build page; &lt;i&gt;Measure disks&lt;/i&gt; times each alone; &lt;i&gt;Surface&lt;/i&gt; reads them from start to end; &lt;i&gt;Quick answer&lt;/i&gt; says which layout fits, building only the best two.</source>
        <translation>%1 disco(s) en %2, %3 utilizable(s). Seleccione discos y arrástrelos a la página Crear; &lt;i&gt;Medir discos&lt;/i&gt; mide cada uno por separado; &lt;i&gt;Superficie&lt;/i&gt; los lee de principio a fin; &lt;i&gt;Respuesta rápida&lt;/i&gt; indica qué disposición conviene, creando solo las dos mejores.</translation>
    </message>
    <message>
        <source>&lt;b&gt;A shared ceiling&lt;/b&gt;: %1. No layout over these disks goes faster; the predictions count with it.</source>
        <translation>&lt;b&gt;Un límite compartido&lt;/b&gt;: %1. Ninguna disposición sobre estos discos va más rápido; las previsiones lo tienen en cuenta.</translation>
    </message>
    <message>
        <source>Measured together, the disks reach the sum of their own speeds: nothing they share holds them back.</source>
        <translation>Medidos juntos, los discos alcanzan la suma de sus velocidades propias: nada de lo que comparten los frena.</translation>
    </message>
    <message>
        <source>Not measured together: %1.</source>
        <translation>Sin medir juntos: %1.</translation>
    </message>
    <message>
        <source>Measures the selected disks (or every usable one) alone and together, predicts every layout they allow, then builds and measures only the best two for what you need (it asks first, from the Answer tab&apos;s requirements): minutes instead of hours. Destroys the disks&apos; data, like any run.</source>
        <translation>Mide los discos seleccionados (o todos los utilizables) por separado y juntos, prevé todas las disposiciones que permiten y luego crea y mide solo las dos mejores para lo que necesita (antes lo pregunta, a partir de los requisitos de la pestaña Respuesta): minutos en lugar de horas. Destruye los datos de los discos, como cualquier ejecución.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::DisksToDestroyModel</name>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Serial</source>
        <translation>N.º de serie</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ExcludedLayoutsModel</name>
    <message>
        <source>Left out</source>
        <translation>Descartadas</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::HelpDialogs</name>
    <message>
        <source>RaidBench user guide</source>
        <translation>Guía de uso de RaidBench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Which RAID layout should these disks be?&lt;/h3&gt;&lt;p&gt;Five pages, one step each (Ctrl+1 to Ctrl+5):&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Disks&lt;/b&gt;: every disk of the machine, and why RaidBench may not use one (it never writes to a disk in use). &lt;i&gt;Measure disks&lt;/i&gt; times each alone and together and marks a slow one; &lt;i&gt;Surface&lt;/i&gt; reads a disk from its first byte to its last; &lt;i&gt;Quick answer&lt;/i&gt; predicts every layout and builds only the best two.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Build&lt;/b&gt;: drag disks onto the new-array area or onto a card; right-click a card to add it to another (nested levels) or put it inside a new one. &lt;i&gt;Add the standard set&lt;/i&gt; adds every layout the disks allow. Each card says its space, the failures it survives and the speed it should reach.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Plan&lt;/b&gt;: the tests, how long each runs and how often, the region of the disks, write caches, a failure drill. &lt;i&gt;Show commands&lt;/i&gt; lists every command the run will give.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Run&lt;/b&gt;: each layout is built, measured and torn down in turn; cancel at any moment, and nothing is left on the disks.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Results&lt;/b&gt;: the &lt;i&gt;Answer&lt;/i&gt; for your requirements first, then the charts side by side, each disk&apos;s own speed, the table and the details. Export a chart, the CSV or an HTML report.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;No spare disks? &lt;i&gt;Tools &amp;gt; Virtual lab&lt;/i&gt; runs all of it on virtual disks in a small VM.&lt;/p&gt;&lt;p&gt;The same from a terminal or on a server: &lt;tt&gt;raidbench-cli --help&lt;/tt&gt;.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;¿Qué disposición RAID conviene a estos discos?&lt;/h3&gt;&lt;p&gt;Cinco páginas, un paso cada una (Ctrl+1 a Ctrl+5):&lt;/p&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Discos&lt;/b&gt;: todos los discos del equipo, y por qué RaidBench no puede usar alguno (nunca escribe en un disco en uso). &lt;i&gt;Medir discos&lt;/i&gt; mide cada uno por separado y todos juntos, y marca los lentos; &lt;i&gt;Superficie&lt;/i&gt; lee un disco desde su primer byte hasta el último; &lt;i&gt;Respuesta rápida&lt;/i&gt; prevé cada disposición y crea solo las dos mejores.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Crear&lt;/b&gt;: arrastre discos a la zona de array nuevo o a una tarjeta; con el botón derecho sobre una tarjeta, añádala a otra (niveles anidados) o métala dentro de una nueva. &lt;i&gt;Añadir el conjunto estándar&lt;/i&gt; añade cada disposición que permiten los discos. Cada tarjeta indica su espacio, los fallos a los que sobrevive y la velocidad que debería alcanzar.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Plan&lt;/b&gt;: las pruebas, cuánto dura cada una y cuántas veces se repite, la zona de los discos, las cachés de escritura, un simulacro de fallo. &lt;i&gt;Mostrar comandos&lt;/i&gt; enumera cada orden que dará la ejecución.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Ejecución&lt;/b&gt;: cada disposición se crea, se mide y se desmonta por turno; cancele en cualquier momento, y nada queda en los discos.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Resultados&lt;/b&gt;: primero la &lt;i&gt;Respuesta&lt;/i&gt; para sus requisitos, después los gráficos uno junto a otro, la velocidad propia de cada disco, la tabla y los detalles. Exporte un gráfico, el CSV o un informe HTML.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;¿No tiene discos libres? &lt;i&gt;Herramientas &amp;gt; Laboratorio virtual&lt;/i&gt; lo ejecuta todo sobre discos virtuales en una pequeña VM.&lt;/p&gt;&lt;p&gt;Lo mismo desde un terminal o en un servidor: &lt;tt&gt;raidbench-cli --help&lt;/tt&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>&lt;p&gt;Alt and the underlined letter of a tab, button or menu reaches it too.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Alt y la letra subrayada de una pestaña, un botón o un menú también llevan a él.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About RaidBench</source>
        <translation>Acerca de RaidBench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;RaidBench %1&lt;/h3&gt;&lt;p&gt;Which RAID layout should these disks be? Build, measure and compare Linux software-RAID layouts.&lt;/p&gt;&lt;p&gt;Qt %2 (built with %3)&lt;br&gt;mdadm: %4&lt;br&gt;Kernel: %5%6&lt;/p&gt;</source>
        <translation>&lt;h3&gt;RaidBench %1&lt;/h3&gt;&lt;p&gt;¿Qué disposición RAID conviene a estos discos? Cree, mida y compare disposiciones de RAID por software de Linux.&lt;/p&gt;&lt;p&gt;Qt %2 (compilado con %3)&lt;br&gt;mdadm: %4&lt;br&gt;Kernel: %5%6&lt;/p&gt;</translation>
    </message>
    <message>
        <source>(connect to see the helper&apos;s)</source>
        <translation>(conéctese para ver la versión del programa auxiliar)</translation>
    </message>
    <message>
        <source> (lab VM)</source>
        <translation> (VM del laboratorio)</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::HelperConnector</name>
    <message>
        <source>A run is in progress; cancel it first.</source>
        <translation>Hay una ejecución en curso; cancélela primero.</translation>
    </message>
    <message>
        <source>Starting the helper…</source>
        <translation>Iniciando el programa auxiliar…</translation>
    </message>
    <message>
        <source>Starting the helper through polkit: authenticate in the dialog that opens…</source>
        <translation>Iniciando el programa auxiliar mediante polkit: autentíquese en el cuadro de diálogo que se abre…</translation>
    </message>
    <message>
        <source>Starting the virtual lab…</source>
        <translation>Iniciando el laboratorio virtual…</translation>
    </message>
    <message>
        <source>Connecting to %1 over ssh…</source>
        <translation>Conectando con %1 por ssh…</translation>
    </message>
    <message numerus="yes">
        <source>The virtual lab started in %n s.</source>
        <translation>
            <numerusform>El laboratorio virtual se inició en %n s.</numerusform>
            <numerusform>El laboratorio virtual se inició en %n s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Starting the virtual lab: %n s so far…</source>
        <translation>
            <numerusform>Iniciando el laboratorio virtual: %n s hasta ahora…</numerusform>
            <numerusform>Iniciando el laboratorio virtual: %n s hasta ahora…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::LabDialog</name>
    <message>
        <source>One more disk that fails writes after 100 MB</source>
        <translation>Un disco más que falla en las escrituras tras 100 MB</translation>
    </message>
    <message>
        <source>Virtual lab</source>
        <translation>Laboratorio virtual</translation>
    </message>
    <message>
        <source>RaidBench starts a small virtual machine (qemu) with the Linux kernel&apos;s real md and LVM and virtual disks that behave like hard disks or SSDs. Everything works on them as on real disks; nothing on this machine&apos;s own disks is touched. The disk files are deleted when the lab closes.</source>
        <translation>RaidBench inicia una pequeña máquina virtual (qemu) con el md y el LVM reales del kernel de Linux y discos virtuales que se comportan como discos duros o SSD. Todo funciona en ellos como en discos reales; no se toca nada de los discos propios de este equipo. Los archivos de disco se borran al cerrar el laboratorio.</translation>
    </message>
    <message>
        <source>Hard disks: zones, seeks, rotation, a write cache</source>
        <translation>Discos duros: zonas, búsquedas, rotación y caché de escritura</translation>
    </message>
    <message>
        <source>SSDs: a fast write cache, then a steady rate</source>
        <translation>SSD: una caché de escritura rápida y luego una velocidad estable</translation>
    </message>
    <message>
        <source>Flat: a fixed rate for every request</source>
        <translation>Planos: una velocidad fija para cada petición</translation>
    </message>
    <message>
        <source>A hard disk reads and writes faster at its start than at its end, seeks between random requests and has a write cache; an SSD writes fast until its cache is full. Both are served by nbdkit. Flat disks give the same rate to every request (tests that need exact figures).</source>
        <translation>Un disco duro lee y escribe más rápido al principio que al final, realiza búsquedas entre peticiones aleatorias y tiene caché de escritura; un SSD escribe rápido hasta que su caché se llena. Ambos los sirve nbdkit. Los discos planos dan la misma velocidad a cada petición (para pruebas que necesitan cifras exactas).</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>&amp;Disks:</source>
        <translation>&amp;Discos:</translation>
    </message>
    <message>
        <source>&amp;Size of each:</source>
        <translation>Ta&amp;maño de cada uno:</translation>
    </message>
    <message>
        <source> MB/s</source>
        <translation> MB/s</translation>
    </message>
    <message>
        <source>A hard disk&apos;s rate at its start (its end runs at about half); an SSD&apos;s write rate until its cache is full.</source>
        <translation>La velocidad de un disco duro al principio (al final va a aproximadamente la mitad); la velocidad de escritura de un SSD hasta que su caché se llena.</translation>
    </message>
    <message>
        <source>S&amp;peed:</source>
        <translation>&amp;Velocidad:</translation>
    </message>
    <message>
        <source>Of the disks above, this many are slower, like an older pair of drives bought later.</source>
        <translation>De los discos anteriores, este número son más lentos, como un par de unidades más antiguas compradas después.</translation>
    </message>
    <message>
        <source>Of which s&amp;low:</source>
        <translation>De ellos, &amp;lentos:</translation>
    </message>
    <message>
        <source>Slow disks&apos; spee&amp;d:</source>
        <translation>Velocidad de los discos lent&amp;os:</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>sin límite</translation>
    </message>
    <message>
        <source> requests/s</source>
        <translation> peticiones/s</translation>
    </message>
    <message>
        <source>At most this many requests a second per disk, reads and writes together. 150 is what a 7200 rpm hard disk&apos;s seeks allow, so random tests show what hard disks do; 0 for no limit (an SSD-like disk).</source>
        <translation>Como máximo este número de peticiones por segundo y disco, lecturas y escrituras juntas. 150 es lo que permiten las búsquedas de un disco duro de 7200 rpm, así que las pruebas aleatorias muestran lo que hacen los discos duros; 0 para no limitar (un disco similar a un SSD).</translation>
    </message>
    <message>
        <source>&amp;Requests per second:</source>
        <translation>&amp;Peticiones por segundo:</translation>
    </message>
    <message>
        <source>Virtual SCSI controllers the disks are spread over, so controller-failure tolerance can be seen.</source>
        <translation>Controladoras SCSI virtuales entre las que se reparten los discos, para poder ver la tolerancia a fallos de controladora.</translation>
    </message>
    <message>
        <source>&amp;Controllers:</source>
        <translation>&amp;Controladoras:</translation>
    </message>
    <message>
        <source>&amp;Start the lab</source>
        <translation>&amp;Iniciar el laboratorio</translation>
    </message>
    <message>
        <source>Disks: &lt;tt&gt;%1&lt;/tt&gt; over %2 controller(s); %3 of disk files while the lab runs.&lt;br&gt;%4</source>
        <translation>Discos: &lt;tt&gt;%1&lt;/tt&gt; en %2 controladora(s); %3 de archivos de disco mientras el laboratorio está en marcha.&lt;br&gt;%4</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::MainWindow</name>
    <message>
        <source>RaidBench</source>
        <translation>RaidBench</translation>
    </message>
    <message>
        <source>&amp;1 Disks</source>
        <translation>&amp;1 Discos</translation>
    </message>
    <message>
        <source>&amp;2 Build</source>
        <translation>&amp;2 Crear</translation>
    </message>
    <message>
        <source>&amp;3 Plan</source>
        <translation>&amp;3 Plan</translation>
    </message>
    <message>
        <source>&amp;4 Run</source>
        <translation>&amp;4 Ejecución</translation>
    </message>
    <message>
        <source>&amp;5 Results</source>
        <translation>&amp;5 Resultados</translation>
    </message>
    <message>
        <source>&lt;b&gt;Virtual lab:&lt;/b&gt; these disks are virtual (files in a qemu VM). Nothing on this machine&apos;s own disks is touched; what you measure here is the lab&apos;s throttles, not real hardware.</source>
        <translation>&lt;b&gt;Laboratorio virtual:&lt;/b&gt; estos discos son virtuales (archivos en una VM de qemu). No se toca nada de los discos propios de este equipo; lo que se mide aquí son las limitaciones de velocidad del laboratorio, no hardware real.</translation>
    </message>
    <message>
        <source>The helper stopped: %1</source>
        <translation>El programa auxiliar se ha detenido: %1</translation>
    </message>
    <message>
        <source>Connecting failed: %1</source>
        <translation>Error al conectar: %1</translation>
    </message>
    <message>
        <source>The results could not be written to %1: %2. They are still on the Results page; save them elsewhere with File &gt; Save results as.</source>
        <translation>No se han podido escribir los resultados en %1: %2. Siguen en la página Resultados; guárdelos en otro lugar con Archivo &gt; Guardar resultados como.</translation>
    </message>
    <message>
        <source>Show the results</source>
        <translation>Mostrar los resultados</translation>
    </message>
    <message>
        <source>Back to the disks</source>
        <translation>Volver a los discos</translation>
    </message>
    <message>
        <source>Show the surface chart</source>
        <translation>Mostrar el gráfico de superficie</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>No se puede abrir %1: %2</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>Se ha abierto %1.</translation>
    </message>
    <message>
        <source>Show the answer</source>
        <translation>Mostrar la respuesta</translation>
    </message>
    <message>
        <source>Add to</source>
        <translation>Añadir a</translation>
    </message>
    <message>
        <source>New array</source>
        <translation>Nuevo array</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Medir</translation>
    </message>
    <message>
        <source>Read across the surface</source>
        <translation>Leer toda la superficie</translation>
    </message>
    <message>
        <source>Disks of %1 (over ssh)</source>
        <translation>Discos de %1 (por ssh)</translation>
    </message>
    <message>
        <source>Helper: %1 on %2</source>
        <translation>Programa auxiliar: %1 en %2</translation>
    </message>
    <message>
        <source>Helper: not started</source>
        <translation>Programa auxiliar: no iniciado</translation>
    </message>
    <message>
        <source>Helper: not connected</source>
        <translation>Programa auxiliar: no conectado</translation>
    </message>
    <message>
        <source>Helper: %1, starting…</source>
        <translation>Programa auxiliar: %1, iniciando…</translation>
    </message>
    <message>
        <source>The last plan was not restored: %1</source>
        <translation>No se ha restaurado el último plan: %1</translation>
    </message>
    <message>
        <source>Quitting cancels the run: the helper tears down what it built. Everything measured so far is kept in %1.</source>
        <translation>Al salir se cancela la ejecución: el programa auxiliar desmonta lo que ha creado. Todo lo medido hasta ahora se conserva en %1.</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>Hay una ejecución en curso</translation>
    </message>
    <message>
        <source>Cancel the run and &amp;quit</source>
        <translation>Cancelar la ejecución y &amp;salir</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>&amp;Continuar la ejecución</translation>
    </message>
    <message>
        <source>Cleaning up the lab: stopping the VM and deleting its disk files…</source>
        <translation>Limpiando el laboratorio: deteniendo la VM y borrando sus archivos de disco…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Open plan…</source>
        <translation>&amp;Abrir plan…</translation>
    </message>
    <message>
        <source>Open a plan</source>
        <translation>Abrir un plan</translation>
    </message>
    <message>
        <source>Plans (*.json)</source>
        <translation>Planes (*.json)</translation>
    </message>
    <message>
        <source>Plan %1 opened.</source>
        <translation>Se ha abierto el plan %1.</translation>
    </message>
    <message>
        <source>&amp;Save plan…</source>
        <translation>&amp;Guardar plan…</translation>
    </message>
    <message>
        <source>Save the plan</source>
        <translation>Guardar el plan</translation>
    </message>
    <message>
        <source>Plan saved to %1.</source>
        <translation>Plan guardado en %1.</translation>
    </message>
    <message>
        <source>Open &amp;results…</source>
        <translation>Abrir &amp;resultados…</translation>
    </message>
    <message>
        <source>Save results &amp;as…</source>
        <translation>Guardar resultados &amp;como…</translation>
    </message>
    <message>
        <source>Results &amp;library…</source>
        <translation>&amp;Biblioteca de resultados…</translation>
    </message>
    <message>
        <source>Show the results &amp;folder</source>
        <translation>Mostrar la car&amp;peta de resultados</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Ir</translation>
    </message>
    <message>
        <source>Disks</source>
        <translation>Discos</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Crear</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecución</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Resultados</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Herramientas</translation>
    </message>
    <message>
        <source>&amp;Virtual lab…</source>
        <translation>&amp;Laboratorio virtual…</translation>
    </message>
    <message>
        <source>&amp;Connect to this machine&apos;s disks</source>
        <translation>&amp;Conectar a los discos de este equipo</translation>
    </message>
    <message>
        <source>Connect to &amp;another machine…</source>
        <translation>Conectar a &amp;otro equipo…</translation>
    </message>
    <message>
        <source>&amp;Rescan disks</source>
        <translation>Volver a &amp;detectar los discos</translation>
    </message>
    <message>
        <source>&amp;Measure disks</source>
        <translation>&amp;Medir los discos</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;About RaidBench</source>
        <translation>&amp;Acerca de RaidBench</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>&amp;Guía de uso</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Atajos de &amp;teclado</translation>
    </message>
    <message>
        <source>The results could not be written to %1: %2. They go to %3 from now on.</source>
        <translation>No se pudieron escribir los resultados en %1: %2. A partir de ahora se guardan en %3.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::PlanCommandsDialog</name>
    <message>
        <source>Commands of this plan</source>
        <translation>Comandos de este plan</translation>
    </message>
    <message>
        <source>%1 s per run%2, %3 s ramp, ×%4</source>
        <translation>%1 s por ejecución%2, %3 s de precalentamiento, ×%4</translation>
    </message>
    <message>
        <source> or %1</source>
        <translation> o %1</translation>
    </message>
    <message>
        <source># Each disk on its own (RaidBench&apos;s direct-I/O engine): sequential write, then read</source>
        <translation># Cada disco por separado (motor de E/S directa de RaidBench): escritura secuencial y luego lectura</translation>
    </message>
    <message>
        <source># %1/%2: %3</source>
        <translation># %1/%2: %3</translation>
    </message>
    <message>
        <source>#   cannot be built: %1</source>
        <translation>#   no se puede crear: %1</translation>
    </message>
    <message>
        <source># tests on %1: %2 (%3)</source>
        <translation># pruebas en %1: %2 (%3)</translation>
    </message>
    <message>
        <source># file tests on a new %1 file system, mounted in a private directory, then unmounted</source>
        <translation># pruebas de archivos en un sistema de archivos %1 nuevo, montado en un directorio privado y luego desmontado</translation>
    </message>
    <message>
        <source># teardown</source>
        <translation># desmontaje</translation>
    </message>
    <message>
        <source># Array names carry a new random tag on each run (shown here as c00001...).</source>
        <translation># Los nombres de los arrays llevan una etiqueta aleatoria nueva en cada ejecución (aquí se muestra como c00001...).</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::PlanPage</name>
    <message>
        <source>Your own command on the file system:</source>
        <translation>Su propio comando en el sistema de archivos:</translation>
    </message>
    <message>
        <source>Measure each disk on its own first</source>
        <translation>Medir primero cada disco por separado</translation>
    </message>
    <message>
        <source>Failure drill: fail a disk in each layout that survives one, test it degraded, and time the rebuild</source>
        <translation>Simulacro de fallo: provocar el fallo de un disco en cada disposición que sobreviva a uno, probarla degradada y cronometrar la reconstrucción</translation>
    </message>
    <message>
        <source>Tests on each configuration</source>
        <translation>Pruebas en cada configuración</translation>
    </message>
    <message>
        <source>e.g. tar xf /var/tmp/linux.tar  (runs as you, in the mounted directory)</source>
        <translation>p. ej., tar xf /var/tmp/linux.tar  (se ejecuta como usted, en el directorio montado)</translation>
    </message>
    <message>
        <source>Command to time</source>
        <translation>Comando que cronometrar</translation>
    </message>
    <message>
        <source>× </source>
        <translation>× </translation>
    </message>
    <message>
        <source>Command runs</source>
        <translation>Ejecuciones del comando</translation>
    </message>
    <message>
        <source>How long and how often</source>
        <translation>Duración y frecuencia</translation>
    </message>
    <message>
        <source>Runs per test; the results keep every run and their min, median and max. With &quot;Repeat until the runs agree&quot;, the fewest runs (at least 2).</source>
        <translation>Ejecuciones por prueba; los resultados guardan cada ejecución y su mínimo, mediana y máximo. Con «Repetir cada prueba hasta que sus ejecuciones coincidan», el mínimo de ejecuciones (al menos 2).</translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation>&amp;Repeticiones:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Time per run:</source>
        <translation>&amp;Tiempo por ejecución:</translation>
    </message>
    <message>
        <source>&amp;Size limit per run:</source>
        <translation>&amp;Límite de tamaño por ejecución:</translation>
    </message>
    <message>
        <source>I/O before measuring starts, not counted.</source>
        <translation>E/S previa al inicio de la medición, que no se cuenta.</translation>
    </message>
    <message>
        <source>&amp;Ramp:</source>
        <translation>&amp;Precalentamiento:</translation>
    </message>
    <message>
        <source>&amp;File system for file tests:</source>
        <translation>&amp;Sistema de archivos para las pruebas de archivos:</translation>
    </message>
    <message>
        <source>as the disks have them</source>
        <translation>tal como las tienen los discos</translation>
    </message>
    <message>
        <source>all on</source>
        <translation>todas activadas</translation>
    </message>
    <message>
        <source>all off</source>
        <translation>todas desactivadas</translation>
    </message>
    <message>
        <source>both: each layout with the caches on, then off</source>
        <translation>ambas: cada disposición con las cachés activadas y luego desactivadas</translation>
    </message>
    <message>
        <source>The member disks&apos; own write caches during the tests. RaidBench sets them before a layout&apos;s tests and always sets each disk back as it found it, also after a cancel or a crash. The flush-bound tests show what the cache is worth.</source>
        <translation>Las cachés de escritura propias de los discos miembros durante las pruebas. RaidBench las configura antes de las pruebas de cada disposición y siempre deja cada disco como lo encontró, también tras una cancelación o un cierre inesperado. Las pruebas con vaciado muestran lo que aporta la caché.</translation>
    </message>
    <message>
        <source>Disks&apos; &amp;write caches:</source>
        <translation>Cachés de escritura de los &amp;discos:</translation>
    </message>
    <message>
        <source>the start (as the array is when new)</source>
        <translation>el principio (como está el array cuando es nuevo)</translation>
    </message>
    <message>
        <source>the middle</source>
        <translation>centro</translation>
    </message>
    <message>
        <source>the end (as it is when nearly full)</source>
        <translation>el final (como está cuando está casi lleno)</translation>
    </message>
    <message>
        <source>spread across it (its average, start to end)</source>
        <translation>repartidas por todo él (su media, del principio al final)</translation>
    </message>
    <message>
        <source>Where on each array and disk the sequential tests and the disks&apos; own speeds run. A hard disk is fastest at its start and about half as fast at its end; random tests always spread over the whole array.</source>
        <translation>Dónde se ejecutan, en cada array y disco, las pruebas secuenciales y las mediciones de la velocidad propia de los discos. Un disco duro es más rápido al principio y aproximadamente la mitad de rápido al final; las pruebas aleatorias siempre se reparten por todo el array.</translation>
    </message>
    <message>
        <source>Sequential tests &amp;at:</source>
        <translation>Pruebas secuenciales &amp;en:</translation>
    </message>
    <message>
        <source>md&apos;s own (256 stripes)</source>
        <translation>la propia de md (256 franjas)</translation>
    </message>
    <message>
        <source>%1 stripes</source>
        <translation>%1 franjas</translation>
    </message>
    <message>
        <source>sweep: 256, 1024 and 4096, each layout measured with each</source>
        <translation>barrido: 256, 1024 y 4096, cada disposición medida con cada uno</translation>
    </message>
    <message>
        <source>md&apos;s stripe cache of each RAID4/5/6 array: how many stripes it can hold to gather writes into whole stripes before it must read. More costs memory (a page per member per stripe). A sweep measures each layout once per size on one array.</source>
        <translation>La caché de franjas de md de cada array RAID4/5/6: cuántas franjas puede contener para reunir escrituras en franjas completas antes de tener que leer. Un valor mayor consume más memoria (una página por miembro y franja). Un barrido mide cada disposición una vez por tamaño en un mismo array.</translation>
    </message>
    <message>
        <source>RAID5/6 stripe &amp;cache:</source>
        <translation>&amp;Caché de franjas RAID5/6:</translation>
    </message>
    <message>
        <source>After its healthy tests, each layout that survives a failed disk loses one on purpose: the tests run again on the degraded array, then the disk is wiped, added back and the rebuild is timed, with an estimate for a full-size disk. Adds about a rebuild&apos;s time per layout.</source>
        <translation>Tras sus pruebas en buen estado, cada disposición que sobrevive al fallo de un disco pierde uno a propósito: las pruebas se repiten en el array degradado y luego el disco se borra, se vuelve a añadir y se cronometra la reconstrucción, con una estimación para un disco de tamaño completo. Añade aproximadamente el tiempo de una reconstrucción por disposición.</translation>
    </message>
    <message>
        <source>&amp;Open plan…</source>
        <translation>&amp;Abrir plan…</translation>
    </message>
    <message>
        <source>&amp;Save plan…</source>
        <translation>&amp;Guardar plan…</translation>
    </message>
    <message>
        <source>Show &amp;commands…</source>
        <translation>&amp;Mostrar comandos…</translation>
    </message>
    <message>
        <source>Start the &amp;run</source>
        <translation>&amp;Iniciar la ejecución</translation>
    </message>
    <message>
        <source>Open a plan</source>
        <translation>Abrir un plan</translation>
    </message>
    <message>
        <source>Plans (*.json)</source>
        <translation>Planes (*.json)</translation>
    </message>
    <message>
        <source>Plan %1 opened.</source>
        <translation>Se ha abierto el plan %1.</translation>
    </message>
    <message>
        <source>Save the plan</source>
        <translation>Guardar el plan</translation>
    </message>
    <message>
        <source>Plan saved to %1.</source>
        <translation>Plan guardado en %1.</translation>
    </message>
    <message>
        <source>%1 cannot be built: %2</source>
        <translation>%1 no se puede crear: %2</translation>
    </message>
    <message>
        <source>The canvas is empty: drag disks onto it (Build) to make configurations to compare.</source>
        <translation>El lienzo está vacío: arrastre discos a él (Crear) para formar configuraciones que comparar.</translation>
    </message>
    <message>
        <source>Type the command to time, or untick it.</source>
        <translation>Escriba el comando que cronometrar o desmárquelo.</translation>
    </message>
    <message>
        <source>Choose at least one test.</source>
        <translation>Elija al menos una prueba.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 stripes (from the plan)</source>
        <translation>%1 franjas (del plan)</translation>
    </message>
    <message>
        <source>Cannot open the plan %1: %2</source>
        <translation>No se puede abrir el plan %1: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message>
        <source>Repeat each test until its runs agree within %1 % (at most %2 runs)</source>
        <translation>Repetir cada prueba hasta que sus ejecuciones coincidan dentro de un %1 % (como máximo %2 ejecuciones)</translation>
    </message>
    <message numerus="yes">
        <source>%n configuration(s) on %1 disk(s), %2 test run(s): at least %3 of measuring, plus building, resyncs and teardowns. Every disk used is destroyed.</source>
        <translation>
            <numerusform>%n configuración en %1 disco(s), %2 ejecución(es) de prueba: al menos %3 de medición, más creación, resincronizaciones y desmontajes. Se destruyen todos los discos usados.</numerusform>
            <numerusform>%n configuraciones en %1 disco(s), %2 ejecución(es) de prueba: al menos %3 de medición, más creación, resincronizaciones y desmontajes. Se destruyen todos los discos usados.</numerusform>
        </translation>
    </message>
    <message>
        <source> Repeating until the runs agree can take up to %1 runs of each test.</source>
        <translation> Repetir hasta que las ejecuciones coincidan puede requerir hasta %1 ejecuciones de cada prueba.</translation>
    </message>
    <message>
        <source> The failure drill runs each redundant layout&apos;s tests again on the degraded array and adds its rebuild, minutes on large disks.</source>
        <translation> El simulacro de fallo repite las pruebas de cada disposición redundante en el array degradado y añade su reconstrucción, que lleva minutos en discos grandes.</translation>
    </message>
    <message>
        <source>Runs a test again until the coefficient of variation of its runs&apos; MB/s (standard deviation over mean) is at most the bound shown, at least twice; a test still varying after the most runs is marked unstable in the results and in the Answer.</source>
        <translation>Repite una prueba hasta que el coeficiente de variación de los MB/s de sus ejecuciones (desviación típica entre la media) sea como mucho el límite indicado, al menos dos veces; una prueba que aún varía tras el máximo de ejecuciones se marca como inestable en los resultados y en la Respuesta.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::QuickAnswerDialog</name>
    <message>
        <source>Quick answer</source>
        <translation>Respuesta rápida</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Empezar</translation>
    </message>
    <message>
        <source>The quick answer measures the %1 disks alone and together, predicts every layout they allow, then builds and measures only the two the model ranks best for what you need. Minutes instead of hours; the Answer tab then shows the ranking, measured and predicted.</source>
        <translation>La respuesta rápida mide los %1 discos por separado y juntos, predice cada disposición que permiten, y luego crea y mide solo las dos que el modelo considera mejores para lo que necesita. Minutos en lugar de horas; después, la pestaña Respuesta muestra la clasificación, medida y prevista.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::RankedLayoutsModel</name>
    <message>
        <source>%1
(predicted, not run)</source>
        <translation>%1
(prevista, no ejecutada)</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Posición</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>Disposición</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Puntuación</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::RemoteDialog</name>
    <message>
        <source>Connect to another machine</source>
        <translation>Conectarse a otro equipo</translation>
    </message>
    <message>
        <source>RaidBench reaches the other machine with ssh and runs its own helper there (the raidbench-cli package of the same version must be installed on it). Your ssh keys, agent and known hosts are used: RaidBench never types a password and never accepts a host key it does not know. A user other than root needs a sudo rule for the helper without a password.</source>
        <translation>RaidBench accede al otro equipo con ssh y ejecuta allí su propio programa auxiliar (en él debe estar instalado el paquete raidbench-cli de la misma versión). Se usan sus claves ssh, su agente y sus equipos conocidos: RaidBench nunca escribe una contraseña ni acepta una clave de equipo que no conozca. Un usuario distinto de root necesita una regla de sudo que le permita ejecutar el programa auxiliar sin contraseña.</translation>
    </message>
    <message>
        <source>storage1.example.org or 10.0.0.5</source>
        <translation>storage1.example.org o 10.0.0.5</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Equipo:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Usuario:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Puerto:</translation>
    </message>
    <message>
        <source>Helper &amp;there:</source>
        <translation>Programa auxiliar &amp;remoto:</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Conectar</translation>
    </message>
    <message>
        <source>Name the machine to connect to.</source>
        <translation>Indique el equipo al que conectarse.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ReportWriter</name>
    <message>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::RequirementsForm</name>
    <message>
        <source>sequential and random speed</source>
        <translation>velocidad secuencial y aleatoria</translation>
    </message>
    <message>
        <source>sequential speed</source>
        <translation>velocidad secuencial</translation>
    </message>
    <message>
        <source>sequential writes</source>
        <translation>escrituras secuenciales</translation>
    </message>
    <message>
        <source>sequential reads</source>
        <translation>lecturas secuenciales</translation>
    </message>
    <message>
        <source>random speed</source>
        <translation>velocidad aleatoria</translation>
    </message>
    <message>
        <source>random writes</source>
        <translation>escrituras aleatorias</translation>
    </message>
    <message>
        <source>random reads</source>
        <translation>lecturas aleatorias</translation>
    </message>
    <message>
        <source>file-system tests</source>
        <translation>pruebas del sistema de archivos</translation>
    </message>
    <message>
        <source>your command&apos;s time</source>
        <translation>el tiempo de su comando</translation>
    </message>
    <message>
        <source>and the loss of a &amp;controller</source>
        <translation>y a la pérdida de una &amp;controladora</translation>
    </message>
    <message>
        <source>Must &amp;survive</source>
        <translation>Debe &amp;sobrevivir a</translation>
    </message>
    <message>
        <source> failed disk(s)</source>
        <translation> disco(s) con fallo</translation>
    </message>
    <message>
        <source>Any this many disks may fail at once and the data stays.</source>
        <translation>Pueden fallar a la vez este número de discos cualesquiera sin que se pierdan los datos.</translation>
    </message>
    <message>
        <source>Survive losing one controller (host adapter) with all its disks.</source>
        <translation>Sobrevivir a la pérdida de una controladora (adaptador de host) con todos sus discos.</translation>
    </message>
    <message>
        <source>keep at &amp;least</source>
        <translation>conservar al &amp;menos</translation>
    </message>
    <message>
        <source> % of the space</source>
        <translation> % del espacio</translation>
    </message>
    <message>
        <source>&amp;rank on</source>
        <translation>clasificar &amp;por</translation>
    </message>
    <message>
        <source>a mix of my own…</source>
        <translation>una combinación propia…</translation>
    </message>
    <message>
        <source>Terms joined by +, each with an optional weight after a colon: %1.</source>
        <translation>Términos unidos con +, cada uno con un peso opcional tras dos puntos: %1.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ResultsFiles</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>No se puede abrir %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Comparing %n results file(s).</source>
        <translation>
            <numerusform>Comparando %n archivo de resultados.</numerusform>
            <numerusform>Comparando %n archivos de resultados.</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose two or more results files to compare.</source>
        <translation>Elija dos o más archivos de resultados para comparar.</translation>
    </message>
    <message>
        <source>The imported configuration needs a name.</source>
        <translation>La configuración importada necesita un nombre.</translation>
    </message>
    <message>
        <source>Cannot import %1: %2</source>
        <translation>No se puede importar %1: %2</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>Se ha abierto %1.</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Abriendo %1…</translation>
    </message>
    <message>
        <source>Imported %1 as %2.</source>
        <translation>Se ha importado %1 como %2.</translation>
    </message>
    <message>
        <source>A report is being written to %1; wait for it or cancel it.</source>
        <translation>Se está escribiendo un informe en %1; espere a que termine o cancélelo.</translation>
    </message>
    <message>
        <source>Writing the report to %1…</source>
        <translation>Escribiendo el informe en %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>HTML report</source>
        <translation>Informe HTML</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Se ha guardado %1.</translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation>No se ha escrito el informe: %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message>
        <source>%1 — unreadable: %2</source>
        <translation>%1 — ilegible: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n configuration(s)</source>
        <translation>
            <numerusform>%n configuración</numerusform>
            <numerusform>%n configuraciones</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n disk(s) measured</source>
        <translation>
            <numerusform>%n disco medido</numerusform>
            <numerusform>%n discos medidos</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2, %3, %4</source>
        <translation>%1 — %2, %3, %4</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(ninguno aún)</translation>
    </message>
    <message>
        <source>Results folder: %1</source>
        <translation>Carpeta de resultados: %1</translation>
    </message>
    <message>
        <source>There are no results to save yet.</source>
        <translation>Aún no hay resultados que guardar.</translation>
    </message>
    <message>
        <source>Save results as</source>
        <translation>Guardar resultados como</translation>
    </message>
    <message>
        <source>RaidBench results (*.json)</source>
        <translation>Resultados de RaidBench (*.json)</translation>
    </message>
    <message>
        <source>Results saved to %1.</source>
        <translation>Resultados guardados en %1.</translation>
    </message>
    <message>
        <source>Open results</source>
        <translation>Abrir resultados</translation>
    </message>
    <message>
        <source>Choose two results files</source>
        <translation>Elija dos archivos de resultados</translation>
    </message>
    <message>
        <source>Choose exactly two results files to compare.</source>
        <translation>Elija exactamente dos archivos de resultados para comparar.</translation>
    </message>
    <message>
        <source>Comparing %1 and %2.</source>
        <translation>Comparando %1 y %2.</translation>
    </message>
    <message>
        <source>fio JSON output</source>
        <translation>Salida JSON de fio</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Import fio</source>
        <translation>Importar fio</translation>
    </message>
    <message>
        <source>Configuration name:</source>
        <translation>Nombre de la configuración:</translation>
    </message>
    <message>
        <source>Export the chart</source>
        <translation>Exportar el gráfico</translation>
    </message>
    <message>
        <source>Export the %1 chart</source>
        <translation>Exportar el gráfico %1</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Anchura:</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>A&amp;ltura:</translation>
    </message>
    <message>
        <source>&amp;DPI:</source>
        <translation>&amp;DPI:</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Exportar gráfico</translation>
    </message>
    <message>
        <source>Chart saved to %1.</source>
        <translation>Gráfico guardado en %1.</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ResultsLibraryDialog</name>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Abrir</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>&amp;Comparar</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Eliminar…</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Act&amp;ualizar</translation>
    </message>
    <message>
        <source>Results library</source>
        <translation>Biblioteca de resultados</translation>
    </message>
    <message>
        <source>Show the selected results on the Results page.</source>
        <translation>Mostrar los resultados seleccionados en la página Resultados.</translation>
    </message>
    <message>
        <source>Put two or more selected results side by side, configurations grouped by name.</source>
        <translation>Poner dos o más resultados seleccionados uno junto a otro, con las configuraciones agrupadas por nombre.</translation>
    </message>
    <message>
        <source>Delete the selected results files from the folder.</source>
        <translation>Eliminar de la carpeta los archivos de resultados seleccionados.</translation>
    </message>
    <message>
        <source>Reading the results folder %1…</source>
        <translation>Leyendo la carpeta de resultados %1…</translation>
    </message>
    <message numerus="yes">
        <source>%n results file(s), %1 in all, in %2.</source>
        <translation>
            <numerusform>%n archivo de resultados, %1 en total, en %2.</numerusform>
            <numerusform>%n archivos de resultados, %1 en total, en %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cannot be read (the reason is in the row).</source>
        <translation>
            <numerusform>%n no se puede leer (el motivo figura en la fila).</numerusform>
            <numerusform>%n no se pueden leer (el motivo figura en la fila).</numerusform>
        </translation>
    </message>
    <message>
        <source>No results yet in %1: every run you start writes its results file there.</source>
        <translation>Todavía no hay resultados en %1: cada ejecución que inicie escribe allí su archivo de resultados.</translation>
    </message>
    <message>
        <source>Remove results</source>
        <translation>Eliminar resultados</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n results file(s) (%1) from %2? This cannot be undone.</source>
        <translation>
            <numerusform>¿Eliminar %n archivo de resultados (%1) de %2? Esta acción no se puede deshacer.</numerusform>
            <numerusform>¿Eliminar %n archivos de resultados (%1) de %2? Esta acción no se puede deshacer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed %n results file(s).</source>
        <translation>
            <numerusform>Se ha eliminado %n archivo de resultados.</numerusform>
            <numerusform>Se han eliminado %n archivos de resultados.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ResultsLibraryModel</name>
    <message>
        <source>(unknown)</source>
        <translation>(desconocido)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>ilegible</translation>
    </message>
    <message numerus="yes">
        <source>%n disk(s)</source>
        <translation>
            <numerusform>%n disco</numerusform>
            <numerusform>%n discos</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Fecha</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Equipo</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Disks</source>
        <translation>Discos</translation>
    </message>
    <message>
        <source>Layouts</source>
        <translation>Disposiciones</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ResultsPage</name>
    <message>
        <source>%1 side by side — configurations grouped by name</source>
        <translation>%1 lado a lado — configuraciones agrupadas por nombre</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2: %3</translation>
    </message>
    <message>
        <source>
min %1, max %2 over %3 runs</source>
        <translation>
mín. %1, máx. %2 en %3 ejecuciones</translation>
    </message>
    <message>
        <source>, varying %1 % (coefficient of variation)</source>
        <translation>, con una variación del %1 % (coeficiente de variación)</translation>
    </message>
    <message>
        <source>
unstable: the runs still varied more than the plan allows after its most repeats</source>
        <translation>
inestable: las ejecuciones seguían variando más de lo que permite el plan tras el máximo de repeticiones</translation>
    </message>
    <message>
        <source>
measured while an array of it was resyncing</source>
        <translation>
medido mientras uno de sus arrays se resincronizaba</translation>
    </message>
    <message>
        <source>
limited by %1</source>
        <translation>
limitado por %1</translation>
    </message>
    <message>
        <source>%1 — %2: not measured</source>
        <translation>%1 — %2: no medido</translation>
    </message>
    <message>
        <source>No results yet: run a plan, or open a results file.</source>
        <translation>Aún no hay resultados: ejecute un plan o abra un archivo de resultados.</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>Open a results file (or drop one on the window).</source>
        <translation>Abra un archivo de resultados (o suéltelo sobre la ventana).</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Recientes</translation>
    </message>
    <message>
        <source>&amp;Library…</source>
        <translation>&amp;Biblioteca…</translation>
    </message>
    <message>
        <source>Every run&apos;s results kept in the results folder: open, compare or remove them.</source>
        <translation>Los resultados de cada ejecución, guardados en la carpeta de resultados: ábralos, compárelos o elimínelos.</translation>
    </message>
    <message>
        <source>&amp;Compare…</source>
        <translation>&amp;Comparar…</translation>
    </message>
    <message>
        <source>Open two results files side by side, e.g. before and after replacing a disk.</source>
        <translation>Abra dos archivos de resultados lado a lado, p. ej., antes y después de sustituir un disco.</translation>
    </message>
    <message>
        <source>Import &amp;fio…</source>
        <translation>Importar &amp;fio…</translation>
    </message>
    <message>
        <source>Add fio&apos;s JSON output (fio --output-format=json) as a configuration of its own.</source>
        <translation>Añada la salida JSON de fio (fio --output-format=json) como una configuración propia.</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportar</translation>
    </message>
    <message>
        <source>Chart as PNG…</source>
        <translation>Gráfico como PNG…</translation>
    </message>
    <message>
        <source>Chart as SVG…</source>
        <translation>Gráfico como SVG…</translation>
    </message>
    <message>
        <source>Chart as PDF…</source>
        <translation>Gráfico como PDF…</translation>
    </message>
    <message>
        <source>Data as CSV…</source>
        <translation>Datos como CSV…</translation>
    </message>
    <message>
        <source>Data as JSON…</source>
        <translation>Datos como JSON…</translation>
    </message>
    <message>
        <source>HTML report…</source>
        <translation>Informe HTML…</translation>
    </message>
    <message>
        <source>&amp;Order:</source>
        <translation>&amp;Orden:</translation>
    </message>
    <message>
        <source>as planned</source>
        <translation>según el plan</translation>
    </message>
    <message>
        <source>by sequential write</source>
        <translation>por escritura secuencial</translation>
    </message>
    <message>
        <source>by sequential read</source>
        <translation>por lectura secuencial</translation>
    </message>
    <message>
        <source>by space kept</source>
        <translation>por espacio útil</translation>
    </message>
    <message>
        <source>&amp;Page:</source>
        <translation>&amp;Página:</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Comparación</translation>
    </message>
    <message>
        <source>Disks</source>
        <translation>Discos</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabla</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; — %2, %n configuration(s), updated %3</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; — %2, %n configuración, actualizado %3</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; — %2, %n configuraciones, actualizado %3</numerusform>
        </translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>Última ejecución</translation>
    </message>
    <message>
        <source>%1 is in no configuration.</source>
        <translation>%1 no está en ninguna configuración.</translation>
    </message>
    <message>
        <source>%1 is in %2.</source>
        <translation>%1 está en %2.</translation>
    </message>
    <message numerus="yes">
        <source>of %1 (%n configuration(s))</source>
        <translation>
            <numerusform>de %1 (%n configuración)</numerusform>
            <numerusform>de %1 (%n configuraciones)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2 %3, controller %4
write %5, read %6%7</source>
        <translation>%1 — %2 %3, controladora %4
escritura %5, lectura %6%7</translation>
    </message>
    <message>
        <source>No disk is slow against the others.</source>
        <translation>Ningún disco es lento en comparación con los demás.</translation>
    </message>
    <message>
        <source>Slow: %1.</source>
        <translation>Lentos: %1.</translation>
    </message>
    <message>
        <source> Click a disk to highlight every configuration it is in.</source>
        <translation> Haga clic en un disco para resaltar todas las configuraciones en las que está.</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>Fallidas:</translation>
    </message>
    <message>
        <source>&lt;p&gt;No file-system tests in these results.&lt;/p&gt;</source>
        <translation>&lt;p&gt;No hay pruebas de sistema de archivos en estos resultados.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 is in every configuration.</source>
        <translation>%1 está en todas las configuraciones.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ResultsTable</name>
    <message>
        <source>&lt;b&gt;One disk&lt;/b&gt; is the median disk (the disks in order of their own speed, the one in the middle; of an even count, the faster of the two): %1 writing %2, %3 reading %4. The slowest disk is %5: %6 write, %7 read.</source>
        <translation>&lt;b&gt;Un disco&lt;/b&gt; es el disco mediano (los discos ordenados por su propia velocidad, el del medio; si son un número par, el más rápido de los dos del medio): %1 escribe a %2, %3 lee a %4. El disco más lento es %5: %6 de escritura, %7 de lectura.</translation>
    </message>
    <message>
        <source>The disks were not measured on their own, so there is no &quot;one disk&quot; to compare with.</source>
        <translation>Los discos no se midieron por separado, así que no hay &quot;un disco&quot; con el que comparar.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::ResultsTableModel</name>
    <message>
        <source>Configuration</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Disks</source>
        <translation>Discos</translation>
    </message>
    <message>
        <source>Sequential write, 1 MiB blocks, queue depth 8 (median of the runs)</source>
        <translation>Escritura secuencial, bloques de 1 MiB, profundidad de cola 8 (mediana de las ejecuciones)</translation>
    </message>
    <message>
        <source>Write MB/s</source>
        <translation>Escritura MB/s</translation>
    </message>
    <message>
        <source>Sequential read, 1 MiB blocks, queue depth 8 (median of the runs)</source>
        <translation>Lectura secuencial, bloques de 1 MiB, profundidad de cola 8 (mediana de las ejecuciones)</translation>
    </message>
    <message>
        <source>Read MB/s</source>
        <translation>Lectura MB/s</translation>
    </message>
    <message>
        <source>Random 4 KiB writes a second, queue depth 32</source>
        <translation>Escrituras aleatorias de 4 KiB por segundo, profundidad de cola 32</translation>
    </message>
    <message>
        <source>Random write IOPS</source>
        <translation>IOPS de escritura aleatoria</translation>
    </message>
    <message>
        <source>Random 4 KiB reads a second, queue depth 32</source>
        <translation>Lecturas aleatorias de 4 KiB por segundo, profundidad de cola 32</translation>
    </message>
    <message>
        <source>Random read IOPS</source>
        <translation>IOPS de lectura aleatoria</translation>
    </message>
    <message>
        <source>Sequential write against one disk: the median disk (above the table)</source>
        <translation>Escritura secuencial frente a un disco: el disco mediano (encima de la tabla)</translation>
    </message>
    <message>
        <source>Write, % of one disk</source>
        <translation>Escritura, % de un disco</translation>
    </message>
    <message>
        <source>Sequential read against one disk: the median disk (above the table)</source>
        <translation>Lectura secuencial frente a un disco: el disco mediano (encima de la tabla)</translation>
    </message>
    <message>
        <source>Read, % of one disk</source>
        <translation>Lectura, % de un disco</translation>
    </message>
    <message>
        <source>Usable space as a share of the disks&apos; raw space</source>
        <translation>Espacio utilizable como fracción del espacio bruto de los discos</translation>
    </message>
    <message>
        <source>Space kept</source>
        <translation>Espacio útil</translation>
    </message>
    <message>
        <source>Disks that may fail without losing data: any that many, and up to how many if the right ones fail</source>
        <translation>Discos que pueden fallar sin perder datos: cuántos cualesquiera, y hasta cuántos si fallan los adecuados</translation>
    </message>
    <message>
        <source>Failures survived</source>
        <translation>Fallos que sobrevive</translation>
    </message>
    <message>
        <source>Whether the layout survives losing any one disk controller</source>
        <translation>Si la disposición sobrevive a la pérdida de una controladora de discos cualquiera</translation>
    </message>
    <message>
        <source>Controller loss</source>
        <translation>Pérdida de controladora</translation>
    </message>
    <message>
        <source>Sequential write measured, divided by what the member disks&apos; own speeds predict for this layout (docs/analysis.md)</source>
        <translation>Escritura secuencial medida, dividida entre lo que prevén para esta disposición las velocidades propias de los discos miembros (docs/analysis.md)</translation>
    </message>
    <message>
        <source>Write measured / predicted</source>
        <translation>Escritura medida / prevista</translation>
    </message>
    <message>
        <source>Sequential read measured, divided by what the member disks&apos; own speeds predict for this layout</source>
        <translation>Lectura secuencial medida, dividida entre lo que prevén para esta disposición las velocidades propias de los discos miembros</translation>
    </message>
    <message>
        <source>Read measured / predicted</source>
        <translation>Lectura medida / prevista</translation>
    </message>
    <message>
        <source>The busiest resource while the sequential tests ran: the disks, md&apos;s kernel thread for the array (one core), the whole CPU, or neither (the queue depth or each request&apos;s latency set the pace). Hover a cell for the figures.</source>
        <translation>El recurso más ocupado mientras se ejecutaban las pruebas secuenciales: los discos, el hilo del kernel de md para el array (un núcleo), toda la CPU o ninguno (el ritmo lo marcaron la profundidad de cola o la latencia de cada petición). Pase el ratón por una celda para ver las cifras.</translation>
    </message>
    <message>
        <source>Limited by (write / read)</source>
        <translation>Limitado por (escritura / lectura)</translation>
    </message>
    <message>
        <source>How much the repeats of this configuration&apos;s tests varied: the largest coefficient of variation (standard deviation over mean) of its tests&apos; MB/s; &quot;unstable&quot; when a test still varied more than the plan allows after its most repeats. Hover a cell for each test.</source>
        <translation>Cuánto variaron las repeticiones de las pruebas de esta configuración: el mayor coeficiente de variación (desviación típica entre media) de los MB/s de sus pruebas; &quot;inestable&quot; cuando una prueba seguía variando más de lo que permite el plan tras el máximo de repeticiones. Pase el ratón por una celda para ver cada prueba.</translation>
    </message>
    <message>
        <source>Spread</source>
        <translation>Dispersión</translation>
    </message>
    <message>
        <source>Weakest link</source>
        <translation>Eslabón más débil</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>disks</source>
        <translation>discos</translation>
    </message>
    <message>
        <source>CPU (md thread)</source>
        <translation>CPU (hilo de md)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>%1, partial stripes</source>
        <translation>%1, franjas parciales</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fallida: %1</translation>
    </message>
    <message>
        <source>measured %1, predicted %2</source>
        <translation>medido %1, previsto %2</translation>
    </message>
    <message>
        <source>%1 (up to %2)</source>
        <translation>%1 (hasta %2)</translation>
    </message>
    <message>
        <source>measured %1, predicted %2: %3 if md gathers none of the partial stripes, %4 if it gathers all</source>
        <translation>medido %1, previsto %2: %3 si md no agrupa ninguna de las franjas parciales, %4 si las agrupa todas</translation>
    </message>
    <message>
        <source>survives</source>
        <translation>sobrevive</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>se pierde</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 % over %3 runs%4</source>
        <translation>%1: %2 % en %3 ejecuciones%4</translation>
    </message>
    <message>
        <source>, unstable</source>
        <translation>, inestable</translation>
    </message>
    <message>
        <source>%1, bs %2</source>
        <translation>%1, bs %2</translation>
    </message>
    <message>
        <source>%1, QD %2</source>
        <translation>%1, QD %2</translation>
    </message>
    <message>
        <source>, during resync</source>
        <translation>, durante la resincronización</translation>
    </message>
    <message>
        <source>measured while an array resynced</source>
        <translation>medido mientras se resincronizaba un array</translation>
    </message>
    <message>
        <source>measured %1, predicted %2: a run reads from one copy of each mirror, whichever md picks, from %3 to %4</source>
        <translation>medido %1, previsto %2: cada ejecución lee de una sola copia de cada espejo, la que elija md, de %3 a %4</translation>
    </message>
    <message>
        <source>The disks&apos; write caches still held some of it when the runs ended: %1 written through them. A longer test time measures past them.</source>
        <translation>Las cachés de escritura de los discos aún guardaban parte al terminar las ejecuciones: %1 escritos a través de ellas. Un tiempo de prueba más largo mide más allá de ellas.</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::RunPage</name>
    <message>
        <source>&amp;Cancel the run</source>
        <translation>&amp;Cancelar la ejecución</translation>
    </message>
    <message>
        <source>Nothing is running. Plan a run on the Plan page.</source>
        <translation>No hay nada en ejecución. Planifique una ejecución en la página Plan.</translation>
    </message>
    <message>
        <source>%p %</source>
        <translation>%p %</translation>
    </message>
    <message>
        <source>Overall progress</source>
        <translation>Progreso general</translation>
    </message>
    <message>
        <source>Stop now: what stands is torn down, everything measured so far is kept.</source>
        <translation>Detener ahora: se desmonta lo que esté creado y se conserva todo lo medido hasta el momento.</translation>
    </message>
    <message>
        <source>Run queue</source>
        <translation>Cola de ejecución</translation>
    </message>
    <message>
        <source>MB/s now</source>
        <translation>MB/s ahora</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>Throughput of the running test</source>
        <translation>Rendimiento de la prueba en curso</translation>
    </message>
    <message>
        <source>Commands the helper ran</source>
        <translation>Órdenes que ejecutó el programa auxiliar</translation>
    </message>
    <message>
        <source>Every command the helper runs appears here with its output.</source>
        <translation>Aquí aparece cada orden que ejecuta el programa auxiliar, con su salida.</translation>
    </message>
    <message>
        <source>Cancelling: the helper stops the test and tears down what stands…</source>
        <translation>Cancelando: el programa auxiliar detiene la prueba y desmonta lo que esté creado…</translation>
    </message>
    <message numerus="yes">
        <source>Each disk on its own (%n disk(s))</source>
        <translation>
            <numerusform>Cada disco por separado (%n disco)</numerusform>
            <numerusform>Cada disco por separado (%n discos)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each disk across its surface (%n disk(s))</source>
        <translation>
            <numerusform>Cada disco a lo largo de su superficie (%n disco)</numerusform>
            <numerusform>Cada disco a lo largo de su superficie (%n discos)</numerusform>
        </translation>
    </message>
    <message>
        <source>ETA %1 (planned)</source>
        <translation>Quedan %1 (previsto)</translation>
    </message>
    <message>
        <source>=== run started %1 ===</source>
        <translation>=== ejecución iniciada %1 ===</translation>
    </message>
    <message>
        <source>Running. The window stays usable; you can look at other pages meanwhile.</source>
        <translation>En ejecución. La ventana sigue siendo utilizable; mientras tanto puede consultar otras páginas.</translation>
    </message>
    <message>
        <source>done</source>
        <translation>terminado</translation>
    </message>
    <message>
        <source>%1 (%2/%3)</source>
        <translation>%1 (%2/%3)</translation>
    </message>
    <message>
        <source>building</source>
        <translation>creando</translation>
    </message>
    <message>
        <source>tearing down</source>
        <translation>desmontando</translation>
    </message>
    <message>
        <source>measuring</source>
        <translation>midiendo</translation>
    </message>
    <message>
        <source>failure drill</source>
        <translation>simulacro de fallo</translation>
    </message>
    <message>
        <source>drill: %1</source>
        <translation>simulacro: %1</translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation>Quedan %1</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fallida: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n test result(s)</source>
        <translation>
            <numerusform>%n resultado de prueba</numerusform>
            <numerusform>%n resultados de prueba</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> of %n configuration(s)</source>
        <translation>
            <numerusform> de %n configuración</numerusform>
            <numerusform> de %n configuraciones</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the speed of %n disk(s) on its own</source>
        <translation>
            <numerusform>la velocidad propia de %n disco</numerusform>
            <numerusform>la velocidad propia de %n discos</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing had been measured yet</source>
        <translation>aún no se había medido nada</translation>
    </message>
    <message>
        <source>kept: %1</source>
        <translation>conservado: %1</translation>
    </message>
    <message>
        <source> and </source>
        <translation> y </translation>
    </message>
    <message>
        <source>Longest moment the window was unresponsive: %1 ms.</source>
        <translation>Momento más largo en que la ventana no respondió: %1 ms.</translation>
    </message>
    <message>
        <source>stopped after %1</source>
        <translation>detenido tras %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;The run stopped:&lt;/b&gt; %1. Everything measured before is kept (%2). %3</source>
        <translation>&lt;b&gt;La ejecución se detuvo:&lt;/b&gt; %1. Se conserva todo lo medido antes (%2). %3</translation>
    </message>
    <message>
        <source>cancelled after %1</source>
        <translation>cancelado tras %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cancelled.&lt;/b&gt; What stood was torn down; %1. %2</source>
        <translation>&lt;b&gt;Cancelado.&lt;/b&gt; Se desmontó lo que estaba creado; %1. %2</translation>
    </message>
    <message>
        <source>done in %1</source>
        <translation>terminado en %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Finished:&lt;/b&gt; %n disk(s) measured on their own; see the Disks page. %1</source>
        <translation>
            <numerusform>&lt;b&gt;Terminado:&lt;/b&gt; se ha medido la velocidad propia de %n disco; consulte la página Discos. %1</numerusform>
            <numerusform>&lt;b&gt;Terminado:&lt;/b&gt; se ha medido la velocidad propia de %n discos; consulte la página Discos. %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Finished:&lt;/b&gt; %1 configuration(s) completed, %2 failed. See Results. %3</source>
        <translation>&lt;b&gt;Terminado:&lt;/b&gt; %1 configuración(es) completada(s), %2 fallida(s). Consulte Resultados. %3</translation>
    </message>
    <message>
        <source>=== run ended: %1 ===</source>
        <translation>=== ejecución finalizada: %1 ===</translation>
    </message>
    <message>
        <source>&lt;b&gt;Finished.&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Terminado.&lt;/b&gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>the surface of %n disk(s)</source>
        <translation>
            <numerusform>la superficie de %n disco</numerusform>
            <numerusform>la superficie de %n discos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Finished:&lt;/b&gt; %n disk(s) read across their surface; the chart is on Results, under Details. %1</source>
        <translation>
            <numerusform>&lt;b&gt;Terminado:&lt;/b&gt; se ha leído %n disco en toda su superficie; el gráfico está en Resultados, en Detalles. %1</numerusform>
            <numerusform>&lt;b&gt;Terminado:&lt;/b&gt; se han leído %n discos en toda su superficie; el gráfico está en Resultados, en Detalles. %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::RunQueueModel</name>
    <message>
        <source>waiting</source>
        <translation>en espera</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
</context>
<context>
    <name>RaidBench::Ui::RunStarter</name>
    <message>
        <source>A run is in progress.</source>
        <translation>Hay una ejecución en curso.</translation>
    </message>
    <message>
        <source>RaidBench is not connected to any disks: connect (Disks page) or start the virtual lab.</source>
        <translation>RaidBench no está conectado a ningún disco: conéctese (página Discos) o inicie el laboratorio virtual.</translation>
    </message>
    <message>
        <source>%1 is not among the disks the helper sees; rescan, or remove it from the canvas.</source>
        <translation>%1 no está entre los discos que ve el programa auxiliar; vuelva a detectar los discos o quítelo del lienzo.</translation>
    </message>
    <message>
        <source>The run was not started; nothing was touched.</source>
        <translation>No se ha iniciado la ejecución; no se ha tocado nada.</translation>
    </message>
    <message>
        <source>Nothing was measured; nothing was touched.</source>
        <translation>No se ha medido nada; no se ha tocado nada.</translation>
    </message>
    <message>
        <source>No usable disk to measure.</source>
        <translation>No hay ningún disco utilizable que medir.</translation>
    </message>
    <message>
        <source>A quick answer needs at least two usable disks: select them, or select none to use every usable one.</source>
        <translation>Una respuesta rápida necesita al menos dos discos utilizables: selecciónelos, o no seleccione ninguno para usar todos los utilizables.</translation>
    </message>
    <message>
        <source>No disk to read: select one, or connect to a machine with a usable disk.</source>
        <translation>No hay ningún disco que leer: seleccione uno o conéctese a un equipo con un disco utilizable.</translation>
    </message>
    <message>
        <source>Measured, the layouts built fell behind %1, which the model puts first: building it too.</source>
        <translation>Tras la medición, las disposiciones creadas quedaron por detrás de %1, que el modelo sitúa en primer lugar: se crea también.</translation>
    </message>
    <message numerus="yes">
        <source>The disks are measured; building the best %n of the layouts the model ranked: %1.</source>
        <translation>
            <numerusform>Discos medidos; creando %n disposición, la mejor según la clasificación del modelo: %1.</numerusform>
            <numerusform>Discos medidos; creando %n disposiciones, las mejores según la clasificación del modelo: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>no layout qualifies</source>
        <translation>ninguna disposición cumple los requisitos</translation>
    </message>
    <message>
        <source>Quick answer: %1, from the model alone (nothing built). Took %2.</source>
        <translation>Respuesta rápida: %1, solo según el modelo (no se ha creado nada). Ha tardado %2.</translation>
    </message>
    <message>
        <source>Quick answer: %1 first. Took %2; building all %3 layouts with the same tests would take about %4.</source>
        <translation>Respuesta rápida: %1 en primer lugar. Ha tardado %2; crear las %3 disposiciones con las mismas pruebas llevaría unos %4.</translation>
    </message>
    <message>
        <source> It is kept in %1 (File &gt; Recent); the Results page still shows the last completed run.</source>
        <translation> Se conserva en %1 (Archivo &gt; Recientes); la página Resultados sigue mostrando la última ejecución completada.</translation>
    </message>
    <message>
        <source>The run ended: %1.</source>
        <translation>La ejecución ha terminado: %1.</translation>
    </message>
    <message>
        <source>The run stopped: %1</source>
        <translation>La ejecución se ha detenido: %1</translation>
    </message>
    <message>
        <source>The run was not started, because its results could not be kept: %1. Make the folder writable, or point RAIDBENCH_RESULTS_DIR at one that is.</source>
        <translation>No se ha iniciado la ejecución porque sus resultados no se podrían conservar: %1. Dé permiso de escritura a la carpeta o haga que RAIDBENCH_RESULTS_DIR apunte a una que lo tenga.</translation>
    </message>
</context>
<context>
    <name>Recommendation</name>
    <message>
        <source>seeks/s</source>
        <translation>búsquedas/s</translation>
    </message>
    <message>
        <source>files/s</source>
        <translation>archivos/s</translation>
    </message>
    <message>
        <source>runs/s</source>
        <translation>ejecuciones/s</translation>
    </message>
    <message>
        <source>survives no failure</source>
        <translation>no sobrevive a ningún fallo</translation>
    </message>
    <message>
        <source>survives 1 failure</source>
        <translation>sobrevive a 1 fallo</translation>
    </message>
    <message>
        <source>survives %1 failures</source>
        <translation>sobrevive a %1 fallos</translation>
    </message>
    <message>
        <source> and the loss of a controller</source>
        <translation> y a la pérdida de una controladora</translation>
    </message>
    <message>
        <source>, not the loss of a controller</source>
        <translation>, no a la pérdida de una controladora</translation>
    </message>
    <message>
        <source>%1; %2 needed</source>
        <translation>%1; el mínimo es %2</translation>
    </message>
    <message>
        <source>all its disks are on one controller</source>
        <translation>todos sus discos están en una sola controladora</translation>
    </message>
    <message>
        <source>its disks&apos; controllers are not known</source>
        <translation>no se conocen las controladoras de sus discos</translation>
    </message>
    <message>
        <source>losing one controller takes it down</source>
        <translation>la pérdida de una controladora la inutiliza</translation>
    </message>
    <message>
        <source>keeps %1 of the space; %2 % needed</source>
        <translation>conserva el %1 del espacio; el mínimo es el %2 %</translation>
    </message>
    <message>
        <source>its run failed</source>
        <translation>su ejecución falló</translation>
    </message>
    <message>
        <source>its run failed: %1</source>
        <translation>su ejecución falló: %1</translation>
    </message>
    <message>
        <source>its run was cancelled</source>
        <translation>su ejecución se canceló</translation>
    </message>
    <message>
        <source>it was skipped</source>
        <translation>se omitió</translation>
    </message>
    <message>
        <source>it is not measured yet</source>
        <translation>aún no se ha medido</translation>
    </message>
    <message>
        <source> and </source>
        <translation> y </translation>
    </message>
    <message>
        <source>%1%2 (%3, keeps %4 of the space)</source>
        <translation>%1%2 (%3, conserva el %4 del espacio)</translation>
    </message>
    <message>
        <source>, predicted</source>
        <translation>, prevista</translation>
    </message>
    <message>
        <source>; the closest are </source>
        <translation>; las más cercanas son </translation>
    </message>
    <message>
        <source>one disk</source>
        <translation>un disco</translation>
    </message>
    <message>
        <source>%1 disks</source>
        <translation>%1 discos</translation>
    </message>
    <message>
        <source>1 failure</source>
        <translation>1 fallo</translation>
    </message>
    <message>
        <source>%1 failures</source>
        <translation>%1 fallos</translation>
    </message>
    <message>
        <source>%1 cannot survive %2</source>
        <translation>con %1 no se puede sobrevivir a %2</translation>
    </message>
    <message>
        <source>with %1, a layout that survives %2 keeps at most %3 % of the space</source>
        <translation>con %1, una disposición que sobreviva a %2 conserva como mucho el %3 % del espacio</translation>
    </message>
    <message>
        <source>all %1 are on one controller</source>
        <translation>los %1 están en una sola controladora</translation>
    </message>
    <message>
        <source>the only layout</source>
        <translation>la única disposición</translation>
    </message>
    <message>
        <source>the only layout that can </source>
        <translation>la única disposición que puede </translation>
    </message>
    <message>
        <source>the only layout measured</source>
        <translation>la única disposición medida</translation>
    </message>
    <message>
        <source>%1 measured on %2</source>
        <translation>%1 medida en %2</translation>
    </message>
    <message>
        <source>all layouts</source>
        <translation>todas las disposiciones</translation>
    </message>
    <message>
        <source>the layouts that </source>
        <translation>las disposiciones que pueden </translation>
    </message>
    <message>
        <source>; keeps %1 of the space</source>
        <translation>; conserva el %1 del espacio</translation>
    </message>
    <message>
        <source>, survives the loss of a controller</source>
        <translation>, sobrevive a la pérdida de una controladora</translation>
    </message>
    <message>
        <source>, does not survive the loss of a controller</source>
        <translation>, no sobrevive a la pérdida de una controladora</translation>
    </message>
    <message>
        <source>%1 %2 (%3 % of the best)</source>
        <translation>%1 %2 (%3 % de la mejor)</translation>
    </message>
    <message>
        <source>keeps more space</source>
        <translation>conserva más espacio</translation>
    </message>
    <message>
        <source>survives more failures</source>
        <translation>sobrevive a más fallos</translation>
    </message>
    <message>
        <source>was measured</source>
        <translation>se midió</translation>
    </message>
    <message>
        <source>comes first by name</source>
        <translation>va antes por su nombre</translation>
    </message>
    <message>
        <source>predicted, not run; </source>
        <translation>prevista, no ejecutada; </translation>
    </message>
    <message>
        <source>nothing it was measured on can rank it</source>
        <translation>nada de lo que se midió en ella permite clasificarla</translation>
    </message>
    <message>
        <source>predicted, not run: the models do not give %1 for these disks; run it to rank it</source>
        <translation>prevista, no ejecutada: los modelos no dan %1 para estos discos; ejecútela para clasificarla</translation>
    </message>
    <message>
        <source>not measured on %1</source>
        <translation>no se midió en %1</translation>
    </message>
    <message>
        <source>predicted, not run: </source>
        <translation>prevista, no ejecutada: </translation>
    </message>
    <message>
        <source>; ties with %1 on speed and %2</source>
        <translation>; empata con %1 en velocidad y %2</translation>
    </message>
    <message>
        <source>as fast as %1 (score %2), which %3</source>
        <translation>tan rápida como %1 (puntuación %2), que %3</translation>
    </message>
    <message>
        <source>scores %1 against %2&apos;s %3</source>
        <translation>puntúa %1 frente al %3 de %2</translation>
    </message>
    <message>
        <source>: %1; keeps %2 of the space, %3</source>
        <translation>: %1; conserva el %2 del espacio, %3</translation>
    </message>
    <message>
        <source>; unstable: its %1 still varied more than the plan allows, so its rank is less sure than its score says</source>
        <translation>; inestable: sus %1 aún variaban más de lo que permite el plan, así que su puesto es menos seguro de lo que dice su puntuación</translation>
    </message>
    <message>
        <source> (predicted)</source>
        <translation> (prevista)</translation>
    </message>
    <message>
        <source>No layout that can %1 was measured on %2: add those tests to the plan.</source>
        <translation>No se midió en %2 ninguna disposición que pueda %1: añada esas pruebas al plan.</translation>
    </message>
    <message>
        <source>be ranked</source>
        <translation>clasificarse</translation>
    </message>
    <message>
        <source>Nothing can meet this: %1%2.</source>
        <translation>Nada puede cumplir esto: %1%2.</translation>
    </message>
    <message>
        <source>No layout was measured.</source>
        <translation>No se midió ninguna disposición.</translation>
    </message>
    <message>
        <source>No measured layout can %1%2.</source>
        <translation>Ninguna disposición medida puede %1%2.</translation>
    </message>
    <message>
        <source>A comparison of several runs has no recommendation: open one results file to rank its layouts.</source>
        <translation>Una comparación de varias ejecuciones no tiene recomendación: abra un solo archivo de resultados para clasificar sus disposiciones.</translation>
    </message>
    <message>
        <source>No layout that qualifies was measured on %1: it is left out of the ranking.</source>
        <translation>Ninguna disposición que cumpla los requisitos se midió en %1: queda fuera de la clasificación.</translation>
    </message>
    <message>
        <source>Layouts marked predicted were not run: their sequential speed comes from the throughput model and the disks&apos; own speeds, their random speed from the disks&apos; random speeds and the requests each layout makes of them.</source>
        <translation>Las disposiciones marcadas como previstas no se ejecutaron: su velocidad secuencial procede del modelo de rendimiento y de la velocidad propia de los discos, su velocidad aleatoria de la velocidad aleatoria de los discos y de las peticiones que cada disposición les hace.</translation>
    </message>
    <message>
        <source>Layouts marked predicted were not run: their sequential speed comes from the throughput model and the disks&apos; own speeds.</source>
        <translation>Las disposiciones marcadas como previstas no se ejecutaron: su velocidad secuencial procede del modelo de rendimiento y de la velocidad propia de los discos.</translation>
    </message>
    <message>
        <source>Layouts%1, ranked on %2:

</source>
        <translation>Disposiciones%1, clasificadas por %2:

</translation>
    </message>
    <message>
        <source> that </source>
        <translation> que pueden </translation>
    </message>
    <message>
        <source>%1. %2  score %3
   %4
</source>
        <translation>%1. %2  puntuación %3
   %4
</translation>
    </message>
    <message>
        <source>
Left out:
</source>
        <translation>
Descartadas:
</translation>
    </message>
    <message>
        <source>
Note: %1
</source>
        <translation>
Nota: %1
</translation>
    </message>
    <message>
        <source> (predicted, not run)</source>
        <translation> (prevista, no ejecutada)</translation>
    </message>
    <message>
        <source>keeps %1 of the space, %2</source>
        <translation>conserva el %1 del espacio, %2</translation>
    </message>
    <message>
        <source>score %1</source>
        <translation>puntuación %1</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>descartada: %1</translation>
    </message>
    <message>
        <source>fastest %1 of %2</source>
        <translation>la más rápida en %1 de %2</translation>
    </message>
    <message>
        <source>best %1 of %2</source>
        <translation>la mejor en %1 de %2</translation>
    </message>
    <message>
        <source>score (best of all = 100)</source>
        <translation>puntuación (la mejor de todas = 100)</translation>
    </message>
    <message>
        <source>score (best = 100)</source>
        <translation>puntuación (la mejor = 100)</translation>
    </message>
    <message>
        <source>The write runs of %1 ended before the disks had written what their caches took in: their write speed is ranked on what the disks wrote through the caches.</source>
        <translation>Las escrituras de %1 terminaron antes de que los discos escribieran lo que guardaban sus cachés: su velocidad de escritura se clasifica por lo que los discos escribieron a través de ellas.</translation>
    </message>
</context>
<context>
    <name>Requirements</name>
    <message>
        <source>sequential speed</source>
        <translation>velocidad secuencial</translation>
    </message>
    <message>
        <source>sequential writes</source>
        <translation>escrituras secuenciales</translation>
    </message>
    <message>
        <source>sequential reads</source>
        <translation>lecturas secuenciales</translation>
    </message>
    <message>
        <source>random speed</source>
        <translation>velocidad aleatoria</translation>
    </message>
    <message>
        <source>random writes</source>
        <translation>escrituras aleatorias</translation>
    </message>
    <message>
        <source>random reads</source>
        <translation>lecturas aleatorias</translation>
    </message>
    <message>
        <source>file-system tests</source>
        <translation>pruebas del sistema de archivos</translation>
    </message>
    <message>
        <source>your command&apos;s time</source>
        <translation>el tiempo de su comando</translation>
    </message>
    <message>
        <source>one failure</source>
        <translation>a un fallo</translation>
    </message>
    <message>
        <source>two failures</source>
        <translation>a dos fallos</translation>
    </message>
    <message>
        <source>three failures</source>
        <translation>a tres fallos</translation>
    </message>
    <message>
        <source>%1 failures</source>
        <translation>a %1 fallos</translation>
    </message>
    <message>
        <source>file writes</source>
        <translation>escrituras de archivos</translation>
    </message>
    <message>
        <source>file reads</source>
        <translation>lecturas de archivos</translation>
    </message>
    <message>
        <source>file seeks</source>
        <translation>búsquedas en archivos</translation>
    </message>
    <message>
        <source>small files created</source>
        <translation>archivos pequeños creados</translation>
    </message>
    <message>
        <source>small files read</source>
        <translation>archivos pequeños leídos</translation>
    </message>
    <message>
        <source>your command</source>
        <translation>su comando</translation>
    </message>
    <message>
        <source> and </source>
        <translation> y </translation>
    </message>
    <message>
        <source>the loss of a controller</source>
        <translation>a la pérdida de una controladora</translation>
    </message>
    <message>
        <source>survive %1</source>
        <translation>sobrevivir %1</translation>
    </message>
    <message>
        <source>keep at least %1 % of the space</source>
        <translation>conservar al menos el %1 % del espacio</translation>
    </message>
    <message>
        <source>sequential and random speed</source>
        <translation>velocidad secuencial y aleatoria</translation>
    </message>
    <message>
        <source>%1 (weight %2)</source>
        <translation>%1 (peso %2)</translation>
    </message>
</context>
<context>
    <name>ResultsPage</name>
    <message>
        <source>could be: %1</source>
        <translation>posibles causas: %1</translation>
    </message>
</context>
<context>
    <name>RunState</name>
    <message>
        <source>pending</source>
        <translation>pendiente</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en curso</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completada</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>omitida</translation>
    </message>
</context>
<context>
    <name>SlowDisk</name>
    <message>
        <source>median disk</source>
        <translation>disco mediano</translation>
    </message>
    <message>
        <source>fleet&apos;s median disk</source>
        <translation>disco mediano de la flota</translation>
    </message>
    <message>
        <source>%1 write, %2 % of the %3 (%4 at %5)</source>
        <translation>%1 de escritura, el %2 % del %3 (%4 a %5)</translation>
    </message>
    <message>
        <source>%1 read, %2 % of the %3 (%4 at %5)</source>
        <translation>%1 de lectura, el %2 % del %3 (%4 a %5)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Start in the virtual lab with these disks.</source>
        <translation>Iniciar en el laboratorio virtual con estos discos.</translation>
    </message>
    <message>
        <source>Lab: spread the disks over N controllers; N@MBPS limits each controller to MBPS for all its disks together.</source>
        <translation>Laboratorio: repartir los discos entre N controladoras; N@MBPS limita cada controladora a MBPS para todos sus discos juntos.</translation>
    </message>
    <message>
        <source>With --lab: go through every page, save a PNG of each into DIR, and quit (for the documentation).</source>
        <translation>Con --lab: recorrer todas las páginas, guardar un PNG de cada una en DIR y salir (para la documentación).</translation>
    </message>
    <message>
        <source>Use a dark palette (for screenshots).</source>
        <translation>Usar una paleta oscura (para capturas de pantalla).</translation>
    </message>
    <message>
        <source>Write the HTML report of RESULTS to --out, then quit.</source>
        <translation>Escribir el informe HTML de RESULTS en --out y salir.</translation>
    </message>
    <message>
        <source>Write chart NAME of the results file given as argument to --out, then quit.</source>
        <translation>Escribir el gráfico NAME del archivo de resultados indicado como argumento en --out y salir.</translation>
    </message>
    <message>
        <source>Chart format: svg, png or pdf (default: from --out&apos;s suffix).</source>
        <translation>Formato del gráfico: svg, png o pdf (predeterminado: según el sufijo de --out).</translation>
    </message>
    <message>
        <source>Chart size in pixels (default 1200x700).</source>
        <translation>Tamaño del gráfico en píxeles (predeterminado: 1200x700).</translation>
    </message>
    <message>
        <source>Chart resolution (default 96).</source>
        <translation>Resolución del gráfico (predeterminada: 96).</translation>
    </message>
    <message>
        <source>Chart order: plan, write, read or space.</source>
        <translation>Orden del gráfico: plan, write, read o space.</translation>
    </message>
    <message>
        <source>Chart page (16 configurations each).</source>
        <translation>Página del gráfico (16 configuraciones cada una).</translation>
    </message>
    <message>
        <source>Export to FILE.</source>
        <translation>Exportar a FILE.</translation>
    </message>
    <message>
        <source>With a plan file: start it as soon as its disks are seen (real disks still ask for the confirmation).</source>
        <translation>Con un archivo de plan: iniciarlo en cuanto se vean sus discos (los discos reales siguen pidiendo confirmación).</translation>
    </message>
    <message>
        <source>The requirements the report&apos;s recommendation and the tradeoff chart use.</source>
        <translation>Los requisitos que usan la recomendación del informe y el gráfico de compromiso.</translation>
    </message>
    <message>
        <source>With --export-report or --export-chart: compare the results with the further FILEs given (hosts side by side).</source>
        <translation>Con --export-report o --export-chart: comparar los resultados con los demás FILE indicados (equipos uno al lado del otro).</translation>
    </message>
    <message>
        <source>Work on that machine&apos;s disks, over ssh (as Connect to another machine).</source>
        <translation>Trabajar con los discos de ese equipo, por ssh (como Conectar a otro equipo).</translation>
    </message>
    <message>
        <source>A results or plan file to open (with --export-chart: the results to draw).</source>
        <translation>Un archivo de resultados o de plan que abrir (con --export-chart: los resultados que dibujar).</translation>
    </message>
    <message>
        <source>RaidBench</source>
        <translation>RaidBench</translation>
    </message>
</context>
<context>
    <name>raidbench_cli</name>
    <message>
        <source>the answer in minutes: the disks measured, every layout predicted, the best few built</source>
        <translation>la respuesta en minutos: los discos medidos, cada disposición prevista, las mejores creadas</translation>
    </message>
    <message>
        <source>build, list and tear down RAID arrays (mdadm, LVM)</source>
        <translation>crear, listar y desmontar arrays RAID (mdadm, LVM)</translation>
    </message>
    <message>
        <source>run one direct-I/O job on a file or block device</source>
        <translation>ejecutar una prueba de E/S directa en un archivo o dispositivo de bloques</translation>
    </message>
    <message>
        <source>run a file-system test (bonnie-like, small files, your command) in a directory</source>
        <translation>ejecutar una prueba de sistema de archivos (como bonnie, archivos pequeños, su orden) en un directorio</translation>
    </message>
    <message>
        <source>list disks and whether RaidBench may use each</source>
        <translation>listar los discos y si RaidBench puede usar cada uno</translation>
    </message>
    <message>
        <source>run a campaign: baselines, then build, measure, tear down each layout</source>
        <translation>ejecutar una campaña: la velocidad propia de cada disco y, después, crear, medir y desmontar cada disposición</translation>
    </message>
    <message>
        <source>turn results into Markdown, CSV or fio JSON; import fio results</source>
        <translation>convertir resultados en Markdown, CSV o JSON de fio; importar resultados de fio</translation>
    </message>
    <message>
        <source>the virtual disk lab: run commands in a VM with throttled virtual disks</source>
        <translation>el laboratorio de discos virtuales: ejecutar órdenes en una VM con discos virtuales limitados</translation>
    </message>
    <message>
        <source>Usage: raidbench-cli COMMAND [OPTIONS]

Builds Linux software-RAID layouts, benchmarks them and compares the results.

Commands:
</source>
        <translation>Uso: raidbench-cli ORDEN [OPCIONES]

Crea disposiciones RAID por software de Linux, mide su rendimiento y compara los resultados.

Órdenes:
</translation>
    </message>
    <message>
        <source>
Options:
  -h, --help     show this help; COMMAND --help shows a command&apos;s options
  -v, --version  show the version

Example:
</source>
        <translation>
Opciones:
  -h, --help     muestra esta ayuda; ORDEN --help muestra las opciones de una orden
  -v, --version  muestra la versión

Ejemplo:
</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; run raidbench-cli --help for the list</source>
        <translation>orden desconocida «%1»; ejecute raidbench-cli --help para ver la lista</translation>
    </message>
    <message>
        <source>the whole campaign on the virtual lab&apos;s disks, with its report</source>
        <translation>la campaña completa en los discos del laboratorio virtual, con su informe</translation>
    </message>
    <message>
        <source>run a command in the lab&apos;s VM, with its virtual disks</source>
        <translation>ejecutar una orden en la máquina virtual del laboratorio, con sus discos virtuales</translation>
    </message>
    <message>
        <source>the lab&apos;s VM as a machine reached over ssh</source>
        <translation>la máquina virtual del laboratorio como una máquina a la que se llega por ssh</translation>
    </message>
    <message>
        <source>The disks, comma-separated.</source>
        <translation>Los discos, separados por comas.</translation>
    </message>
    <message>
        <source>What the layout must give (default: survive one failure).</source>
        <translation>Lo que debe dar la disposición (por defecto: sobrevivir a un fallo).</translation>
    </message>
    <message>
        <source>Build and measure the best N layouts (0 to %1, default %2; 0 predicts only).</source>
        <translation>Construir y medir las N mejores disposiciones (de 0 a %1, por defecto %2; 0 solo predice).</translation>
    </message>
    <message>
        <source>Each test run&apos;s time (default 10s).</source>
        <translation>El tiempo de cada ejecución de prueba (por defecto 10s).</translation>
    </message>
    <message>
        <source>The tests of the layouts built (default: seq1m-qd8-write,seq1m-qd8-read,rnd4k-qd32-write,rnd4k-qd32-read, what the models predict).</source>
        <translation>Las pruebas de las disposiciones construidas (por defecto: seq1m-qd8-write,seq1m-qd8-read,rnd4k-qd32-write,rnd4k-qd32-read, lo que los modelos predicen).</translation>
    </message>
    <message>
        <source>Results file (default: a new file in the results folder).</source>
        <translation>Archivo de resultados (por defecto: un archivo nuevo en la carpeta de resultados).</translation>
    </message>
    <message>
        <source>Loop devices may be used.</source>
        <translation>Se pueden usar dispositivos loop.</translation>
    </message>
    <message>
        <source>Do not ask before destroying the disks&apos; data.</source>
        <translation>No preguntar antes de destruir los datos de los discos.</translation>
    </message>
    <message>
        <source>No progress on stderr.</source>
        <translation>Sin progreso en stderr.</translation>
    </message>
    <message>
        <source>Print the recommendation and the comparison as JSON.</source>
        <translation>Imprimir la recomendación y la comparación como JSON.</translation>
    </message>
    <message>
        <source>As root too, do the root work in raidbench-helper, as the desktop program does.</source>
        <translation>También como root, hacer el trabajo de root en raidbench-helper, como hace el programa de escritorio.</translation>
    </message>
    <message>
        <source>The disks (or --disks).</source>
        <translation>Los discos (o --disks).</translation>
    </message>
    <message>
        <source>name at least two disks, e.g. raidbench-cli answer /dev/sdb /dev/sdc</source>
        <translation>nombre al menos dos discos, p. ej. raidbench-cli answer /dev/sdb /dev/sdc</translation>
    </message>
    <message>
        <source>--verify &apos;%1&apos;: a number from 0 to %2</source>
        <translation>--verify &apos;%1&apos;: un número de 0 a %2</translation>
    </message>
    <message>
        <source>--time: %1</source>
        <translation>--time: %1</translation>
    </message>
    <message>
        <source>building the best %1 of the layouts the model ranked: %2
</source>
        <translation>construyendo las %1 mejores de las disposiciones que ordenó el modelo: %2
</translation>
    </message>
    <message>
        <source>measured, the layouts built fell behind %1, which the model puts first: building it too
</source>
        <translation>medidas, las disposiciones construidas quedaron por detrás de %1, que el modelo pone primera: se construye también
</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>no medido</translation>
    </message>
    <message>
        <source>no layout can be predicted without every disk&apos;s own speed; %1 (results: %2)</source>
        <translation>no se puede predecir ninguna disposición sin la velocidad propia de cada disco; %1 (resultados: %2)</translation>
    </message>
    <message>
        <source>%1; the disks&apos; figures are in %2 as measured, the layouts&apos; in %3</source>
        <translation>%1; las cifras de los discos están en %2 tal como se midieron, las de las disposiciones en %3</translation>
    </message>
    <message>
        <source>(none built)</source>
        <translation>(ninguna construida)</translation>
    </message>
    <message>
        <source>: a shared ceiling</source>
        <translation>: un techo compartido</translation>
    </message>
    <message>
        <source>The disks together:
%1
</source>
        <translation>Los discos juntos:
%1
</translation>
    </message>
    <message>
        <source>Results: %1
</source>
        <translation>Resultados: %1
</translation>
    </message>
    <message>
        <source>%1; give --out RESULTS.json</source>
        <translation>%1; indique --out RESULTS.json</translation>
    </message>
    <message>
        <source>Build and tear down software-RAID arrays from eligible disks, with every object
tagged (md arrays raidbench-TAG-N, volume groups raidbench_TAG) and journaled in
/var/lib/raidbench/journal so that teardown and recovery remove exactly what
RaidBench made, on exactly the disks it checked. An array made by create stays
until torn down by its tag (or --all); recover removes what interrupted runs left
(campaigns killed, power cuts) and never touches a RaidBench run still running.

  raidbench-cli array create --level LEVEL --disks DEV,DEV,... [options]
  raidbench-cli array create --preset PRESET --disks DEV,DEV,... [options]
  raidbench-cli array create --spec FILE.json [options]
  raidbench-cli array list
  raidbench-cli array teardown TAG | --all
  raidbench-cli array recover

LEVEL: linear, raid0, raid1, raid4, raid5, raid6, raid10, lvm-stripe.
PRESET: single, raid0, raid1, raid5, raid6, raid10, raid50, raid60, raid0+1,
raid1+0, lvm-stripe-over-raid1 (members spread across controllers).
create lists the disks it will destroy and asks on a terminal; --yes skips the
question; without a terminal and without --yes it refuses. --dry-run prints the
exact commands, the capacity and the fault tolerance, and touches nothing.

Examples:
  raidbench-cli array create --level raid5 --disks /dev/sdb,/dev/sdc,/dev/sdd --dry-run
  raidbench-cli array create --preset raid50 --disks /dev/sd[b-g] --chunk 256k --yes
  raidbench-cli array teardown 3fa2c1</source>
        <translation>Construye y desmonta arrays de RAID por software a partir de discos aptos, con cada
objeto etiquetado (arrays md raidbench-TAG-N, grupos de volúmenes raidbench_TAG) y
anotado en el diario /var/lib/raidbench/journal, para que el desmontaje y la
recuperación quiten exactamente lo que RaidBench hizo, exactamente en los discos que
comprobó. Un array hecho con create se queda hasta que se desmonta por su etiqueta (o
--all); recover quita lo que dejaron ejecuciones interrumpidas (campañas matadas, cortes
de corriente) y nunca toca una ejecución de RaidBench que siga en marcha.

  raidbench-cli array create --level LEVEL --disks DEV,DEV,... [opciones]
  raidbench-cli array create --preset PRESET --disks DEV,DEV,... [opciones]
  raidbench-cli array create --spec FILE.json [opciones]
  raidbench-cli array list
  raidbench-cli array teardown TAG | --all
  raidbench-cli array recover

LEVEL: linear, raid0, raid1, raid4, raid5, raid6, raid10, lvm-stripe.
PRESET: single, raid0, raid1, raid5, raid6, raid10, raid50, raid60, raid0+1,
raid1+0, lvm-stripe-over-raid1 (miembros repartidos entre controladoras).
create enumera los discos que va a destruir y pregunta en un terminal; --yes se salta
la pregunta; sin terminal y sin --yes se niega. --dry-run imprime las órdenes exactas,
la capacidad y la tolerancia a fallos, y no toca nada.

Ejemplos:
  raidbench-cli array create --level raid5 --disks /dev/sdb,/dev/sdc,/dev/sdd --dry-run
  raidbench-cli array create --preset raid50 --disks /dev/sd[b-g] --chunk 256k --yes
  raidbench-cli array teardown 3fa2c1</translation>
    </message>
    <message>
        <source>usable %1 of %2 raw (%3 % kept)</source>
        <translation>utilizable %1 de %2 en bruto (se conserva el %3 %)</translation>
    </message>
    <message>
        <source>usable size unknown</source>
        <translation>tamaño utilizable desconocido</translation>
    </message>
    <message>
        <source>; survives %1 disk failure(s) for sure, %2 at best</source>
        <translation>; sobrevive con seguridad a %1 fallo(s) de disco, a %2 en el mejor caso</translation>
    </message>
    <message>
        <source>; all disks on one controller</source>
        <translation>; todos los discos en una controladora</translation>
    </message>
    <message>
        <source>; survives losing any one of its %1 controllers</source>
        <translation>; sobrevive a la pérdida de cualquiera de sus %1 controladoras</translation>
    </message>
    <message>
        <source>; does not survive losing controller %1</source>
        <translation>; no sobrevive a la pérdida de la controladora %1</translation>
    </message>
    <message>
        <source> NOT SAFE: </source>
        <translation> NO SEGURO: </translation>
    </message>
    <message>
        <source>this destroys the data on %1 disk(s); run on a terminal to confirm, or pass --yes</source>
        <translation>esto destruye los datos de %1 disco(s); ejecútelo en un terminal para confirmar, o pase --yes</translation>
    </message>
    <message>
        <source>Type yes to destroy everything on these %1 disk(s): </source>
        <translation>Escriba yes para destruir todo en estos %1 disco(s): </translation>
    </message>
    <message>
        <source>tag %1 is in use (see raidbench-cli array list); choose another or leave --tag out</source>
        <translation>la etiqueta %1 está en uso (vea raidbench-cli array list); elija otra o no indique --tag</translation>
    </message>
    <message>
        <source>%1 (tag %2)
  %3
</source>
        <translation>%1 (etiqueta %2)
  %3
</translation>
    </message>
    <message>
        <source>  warning: %1
</source>
        <translation>  aviso: %1
</translation>
    </message>
    <message>
        <source>  destroys: %1
</source>
        <translation>  destruye: %1
</translation>
    </message>
    <message>
        <source>commands:
</source>
        <translation>órdenes:
</translation>
    </message>
    <message>
        <source>teardown:
</source>
        <translation>desmontaje:
</translation>
    </message>
    <message>
        <source>%1  started %2 by pid %3: %4
</source>
        <translation>%1  iniciado %2 por el pid %3: %4
</translation>
    </message>
    <message>
        <source>(nothing created yet)</source>
        <translation>(aún no se ha creado nada)</translation>
    </message>
    <message>
        <source>%1  /dev/%2 %3 (no journal: run recover)
</source>
        <translation>%1  /dev/%2 %3 (sin diario: ejecute recover)
</translation>
    </message>
    <message>
        <source>no arrays made by RaidBench
</source>
        <translation>ningún array hecho por RaidBench
</translation>
    </message>
    <message>
        <source>%1 belongs to RaidBench process %2, which is still running; left alone</source>
        <translation>%1 pertenece al proceso %2 de RaidBench, que sigue en marcha; se deja como está</translation>
    </message>
    <message>
        <source>no arrays made by RaidBench to tear down</source>
        <translation>ningún array hecho por RaidBench que desmontar</translation>
    </message>
    <message>
        <source>no journal for tag %1 in %2; raidbench-cli array recover removes leftovers</source>
        <translation>no hay diario para la etiqueta %1 en %2; raidbench-cli array recover quita los restos</translation>
    </message>
    <message>
        <source>md level or lvm-stripe.</source>
        <translation>Nivel md o lvm-stripe.</translation>
    </message>
    <message>
        <source>A standard layout: %1.</source>
        <translation>Una disposición estándar: %1.</translation>
    </message>
    <message>
        <source>An array tree as JSON.</source>
        <translation>Un árbol de arrays en JSON.</translation>
    </message>
    <message>
        <source>Comma-separated member devices.</source>
        <translation>Dispositivos miembro, separados por comas.</translation>
    </message>
    <message>
        <source>md chunk size (e.g. 512k).</source>
        <translation>Tamaño de chunk de md (p. ej. 512k).</translation>
    </message>
    <message>
        <source>raid10: n2, f2, o2, n3, f3; raid5/6: left-symmetric...</source>
        <translation>raid10: n2, f2, o2, n3, f3; raid5/6: left-symmetric...</translation>
    </message>
    <message>
        <source>none (default) or internal.</source>
        <translation>none (por defecto) o internal.</translation>
    </message>
    <message>
        <source>Let md resync the new array (slow; see --wait-resync).</source>
        <translation>Dejar que md resincronice el array nuevo (lento; vea --wait-resync).</translation>
    </message>
    <message>
        <source>Wait for the resync to finish, showing progress.</source>
        <translation>Esperar a que termine la resincronización, mostrando el progreso.</translation>
    </message>
    <message>
        <source>Print the plan and touch nothing.</source>
        <translation>Imprimir el plan y no tocar nada.</translation>
    </message>
    <message>
        <source>Do not ask before destroying data.</source>
        <translation>No preguntar antes de destruir datos.</translation>
    </message>
    <message>
        <source>Accept loop devices as disks (tests).</source>
        <translation>Aceptar dispositivos loop como discos (pruebas).</translation>
    </message>
    <message>
        <source>Tag for the objects (default: random).</source>
        <translation>Etiqueta de los objetos (por defecto: aleatoria).</translation>
    </message>
    <message>
        <source>teardown: every array RaidBench made.</source>
        <translation>teardown: todos los arrays que hizo RaidBench.</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>no se puede leer %1: %2</translation>
    </message>
    <message>
        <source>%1 is not a JSON object: %2</source>
        <translation>%1 no es un objeto JSON: %2</translation>
    </message>
    <message>
        <source>give exactly one of --level, --preset or --spec</source>
        <translation>indique exactamente uno de --level, --preset o --spec</translation>
    </message>
    <message>
        <source>--disks is required, e.g. --disks /dev/sdb,/dev/sdc</source>
        <translation>--disks es obligatorio, p. ej. --disks /dev/sdb,/dev/sdc</translation>
    </message>
    <message>
        <source>--bitmap &apos;%1&apos; must be none or internal</source>
        <translation>--bitmap &apos;%1&apos; debe ser none o internal</translation>
    </message>
    <message>
        <source>recover: %1
</source>
        <translation>recover: %1
</translation>
    </message>
    <message>
        <source>give a TAG (see raidbench-cli array list) or --all</source>
        <translation>indique una TAG (vea raidbench-cli array list) o --all</translation>
    </message>
    <message>
        <source>unknown array command &apos;%1&apos;; use create, list, teardown or recover</source>
        <translation>orden de array desconocida &apos;%1&apos;; use create, list, teardown o recover</translation>
    </message>
    <message>
        <source>Run one direct-I/O job on a file or block device and print what it measured.

Stops after --size bytes or --time, whichever comes first; with --time alone a
sequential job wraps around at the end of the target (as fio&apos;s time_based does);
with neither, one pass over the target. Sizes are powers of 1024 (512, 4k, 1M, 1G,
as dd and fio read them); MB/s in the output is 10^6 bytes per second, as dd prints.

A missing file is created (give --size); a file is never reached through a
symbolic link. Writing to a block device destroys its data and needs --destroy-data,
and the device must pass the same checks as a disk in an array (see raidbench-cli
disks): not mounted, not in use, not the system disk, no file system, partition
table or RAID signature; its path may not pass through a directory anyone but root
can change. Loop devices and arrays (md, device-mapper) are allowed here. Ctrl-C stops the run and prints the
partial result.

Blocks of 128 KiB and more live in transparent huge pages where the kernel gives
them, so a large block reaches the device as one request (fio&apos;s default memory
splits blocks over 512 KiB in two); the &quot;io path&quot; line and huge_page_bytes say so.

Examples:
  raidbench-cli bench --target /tmp/rb.dat --rw write --bs 1M --qd 8 --size 1G
  raidbench-cli bench --target /tmp/rb.dat --rw randread --bs 4k --qd 32 --time 10s --json
  raidbench-cli bench --target /dev/sdb --rw write --bs 1M --size 4G --destroy-data
  raidbench-cli bench --target /tmp/rb.dat --rw randrw --rwmix-read 70 --bs 4k --qd 16 --time 30s --ramp 2s</source>
        <translation>Ejecuta un trabajo de E/S directa sobre un archivo o dispositivo de bloques e imprime lo
que midió.

Se detiene tras --size bytes o --time, lo que llegue antes; con --time solo, un trabajo
secuencial vuelve al principio al llegar al final del destino (como hace time_based de
fio); sin ninguno, una pasada por el destino. Los tamaños son potencias de 1024 (512, 4k,
1M, 1G, como los leen dd y fio); MB/s en la salida son 10^6 bytes por segundo, como
imprime dd.

Un archivo que no existe se crea (indique --size); nunca se llega a un archivo a través
de un enlace simbólico. Escribir en un dispositivo de bloques destruye sus datos y
necesita --destroy-data, y el dispositivo debe pasar las mismas comprobaciones que un
disco de un array (vea raidbench-cli disks): no montado, no en uso, no el disco del
sistema, sin sistema de archivos, tabla de particiones ni firma RAID; su ruta no puede
pasar por un directorio que pueda cambiar alguien que no sea root. Aquí se permiten
dispositivos loop y arrays (md, device-mapper). Ctrl-C detiene la ejecución e imprime
el resultado parcial.

Los bloques de 128 KiB o más viven en páginas enormes transparentes donde el núcleo las
da, para que un bloque grande llegue al dispositivo como una sola petición (la memoria
por defecto de fio parte en dos los bloques de más de 512 KiB); la línea &quot;vía de E/S&quot; y
huge_page_bytes lo dicen.

Ejemplos:
  raidbench-cli bench --target /tmp/rb.dat --rw write --bs 1M --qd 8 --size 1G
  raidbench-cli bench --target /tmp/rb.dat --rw randread --bs 4k --qd 32 --time 10s --json
  raidbench-cli bench --target /dev/sdb --rw write --bs 1M --size 4G --destroy-data
  raidbench-cli bench --target /tmp/rb.dat --rw randrw --rwmix-read 70 --bs 4k --qd 16 --time 30s --ramp 2s</translation>
    </message>
    <message>
        <source>min %1  p50 %2  p90 %3  p99 %4  p99.9 %5  max %6</source>
        <translation>mín %1  p50 %2  p90 %3  p99 %4  p99.9 %5  máx %6</translation>
    </message>
    <message>
        <source>fixed buffers</source>
        <translation>búferes fijos</translation>
    </message>
    <message>
        <source>huge pages</source>
        <translation>páginas enormes</translation>
    </message>
    <message>
        <source>%1 %2: %3 in %4%5
</source>
        <translation>%1 %2: %3 en %4%5
</translation>
    </message>
    <message>
        <source>  bandwidth  %1 (%2 MiB/s), %3 IOPS
</source>
        <translation>  velocidad  %1 (%2 MiB/s), %3 IOPS
</translation>
    </message>
    <message>
        <source>  latency    %1
</source>
        <translation>  latencia   %1
</translation>
    </message>
    <message>
        <source>   latency   %1
</source>
        <translation>   latencia  %1
</translation>
    </message>
    <message>
        <source>  cpu        user %1 s, sys %2 s
</source>
        <translation>  cpu        usuario %1 s, sistema %2 s
</translation>
    </message>
    <message>
        <source>  io path    %1%2, queue depth %3, %4, %5 data, block size %6
</source>
        <translation>  vía de E/S %1%2, profundidad de cola %3, %4, datos %5, tamaño de bloque %6
</translation>
    </message>
    <message>
        <source>buffered (page cache)</source>
        <translation>con búfer (caché de páginas)</translation>
    </message>
    <message>
        <source>  note       %1
</source>
        <translation>  nota       %1
</translation>
    </message>
    <message>
        <source>  fio        %1
</source>
        <translation>  fio        %1
</translation>
    </message>
    <message>
        <source>  dd         %1
</source>
        <translation>  dd         %1
</translation>
    </message>
    <message>
        <source>File or block device to run on (required).</source>
        <translation>Archivo o dispositivo de bloques sobre el que ejecutar (obligatorio).</translation>
    </message>
    <message>
        <source>Pattern: write, read, randwrite, randread, rw, randrw (default read).</source>
        <translation>Patrón: write, read, randwrite, randread, rw, randrw (por defecto read).</translation>
    </message>
    <message>
        <source>Percentage of reads for rw and randrw, 0 to 100 (default 50); reads and writes are reported apart.</source>
        <translation>Porcentaje de lecturas para rw y randrw, de 0 a 100 (por defecto 50); lecturas y escrituras se informan por separado.</translation>
    </message>
    <message>
        <source>Block size, 512 to 64M (default 1M).</source>
        <translation>Tamaño de bloque, de 512 a 64M (por defecto 1M).</translation>
    </message>
    <message>
        <source>Queue depth, 1 to 256 (default 1).</source>
        <translation>Profundidad de cola, de 1 a 256 (por defecto 1).</translation>
    </message>
    <message>
        <source>Bytes to transfer; also the size of a file to create.</source>
        <translation>Bytes que transferir; también el tamaño de un archivo que crear.</translation>
    </message>
    <message>
        <source>Run for this long (e.g. 500ms, 10s, 2m).</source>
        <translation>Ejecutar durante este tiempo (p. ej. 500ms, 10s, 2m).</translation>
    </message>
    <message>
        <source>Run this long first without measuring.</source>
        <translation>Ejecutar primero este tiempo sin medir.</translation>
    </message>
    <message>
        <source>Start of the range within the target (default 0).</source>
        <translation>Inicio del rango dentro del destino (por defecto 0).</translation>
    </message>
    <message>
        <source>Length of the range (default: to the end).</source>
        <translation>Longitud del rango (por defecto: hasta el final).</translation>
    </message>
    <message>
        <source>Go through the page cache instead of O_DIRECT; writes end with an fdatasync that is timed.</source>
        <translation>Pasar por la caché de páginas en lugar de O_DIRECT; las escrituras terminan con un fdatasync cronometrado.</translation>
    </message>
    <message>
        <source>Data written: random (default; defeats compression and dedup) or zeros (what dd if=/dev/zero writes).</source>
        <translation>Datos escritos: random (por defecto; anula la compresión y la deduplicación) o zeros (lo que escribe dd if=/dev/zero).</translation>
    </message>
    <message>
        <source>Use synchronous pread/pwrite (queue depth 1) instead of io_uring.</source>
        <translation>Usar pread/pwrite síncronos (profundidad de cola 1) en lugar de io_uring.</translation>
    </message>
    <message>
        <source>Submit every I/O whose slot one reap freed in one call, instead of each as soon as its slot is free (the default, as fio does).</source>
        <translation>Enviar en una sola llamada cada E/S cuyo hueco liberó una recogida, en lugar de cada una en cuanto su hueco queda libre (lo predeterminado, como hace fio).</translation>
    </message>
    <message>
        <source>Make every write durable before it completes (O_DSYNC, fio&apos;s --sync=dsync): the disk&apos;s write cache is flushed or written through per write, as a database log does.</source>
        <translation>Hacer duradera cada escritura antes de que termine (O_DSYNC, --sync=dsync de fio): la caché de escritura del disco se vacía o se atraviesa en cada escritura, como hace el registro de una base de datos.</translation>
    </message>
    <message>
        <source>Allow writing to a block device, destroying its data.</source>
        <translation>Permitir escribir en un dispositivo de bloques, destruyendo sus datos.</translation>
    </message>
    <message>
        <source>Print the result as one JSON object.</source>
        <translation>Imprimir el resultado como un objeto JSON.</translation>
    </message>
    <message>
        <source>No progress line on a terminal.</source>
        <translation>Sin línea de progreso en un terminal.</translation>
    </message>
    <message>
        <source>--rwmix-read &apos;%1&apos; must be a whole number from 0 to 100</source>
        <translation>--rwmix-read &apos;%1&apos; debe ser un número entero de 0 a 100</translation>
    </message>
    <message>
        <source>--rwmix-read only applies to --rw rw or randrw</source>
        <translation>--rwmix-read solo se aplica a --rw rw o randrw</translation>
    </message>
    <message>
        <source>--bs %1 is out of range; it must be between 512 and 64M</source>
        <translation>--bs %1 está fuera de rango; debe estar entre 512 y 64M</translation>
    </message>
    <message>
        <source>--qd &apos;%1&apos; is not a whole number</source>
        <translation>--qd &apos;%1&apos; no es un número entero</translation>
    </message>
    <message>
        <source>--size must be more than 0</source>
        <translation>--size debe ser mayor que 0</translation>
    </message>
    <message>
        <source>--time must be more than 0</source>
        <translation>--time debe ser mayor que 0</translation>
    </message>
    <message>
        <source>writing to block device %1 destroys the data on it; pass --destroy-data if that is what you want</source>
        <translation>escribir en el dispositivo de bloques %1 destruye sus datos; pase --destroy-data si es lo que quiere</translation>
    </message>
    <message>
        <source>ramp </source>
        <translation>rampa </translation>
    </message>
    <message>
        <source>the run failed</source>
        <translation>la ejecución falló</translation>
    </message>
    <message>
        <source>cancelled; the partial result is above</source>
        <translation>cancelado; el resultado parcial está arriba</translation>
    </message>
    <message>
        <source>--target is required (a file or block device)</source>
        <translation>--target es obligatorio (un archivo o dispositivo de bloques)</translation>
    </message>
    <message>
        <source>Run one file-system test in an existing directory (no array is built) and leave
the directory as it was found.

Tests:
  file-seq     write a file (--size, --bs; buffered, or --direct), rewrite it block by
               block, read it back: MB/s and CPU % per phase (bonnie&apos;s block columns)
  file-seeks   random 4k reads over a --size file at queue depth 1 for --time (seeks/s)
  small-files  create --files files of --file-size in --dirs directories, stat, read,
               delete them, in order and then in random order: files/s per phase
               (default 16 x 1024 files of 0 bytes, like bonnie; small-files-100k makes 100000 x 1k)
  command      run -- COMMAND ARGS (no shell unless you write sh -c) in the directory
               --repeats times, dropping caches between runs (as root): wall time each

Examples:
  raidbench-cli bench-fs --dir /mnt/new --test small-files --files 100000 --file-size 1k --dirs 1
  raidbench-cli bench-fs --dir /mnt/new --test file-seq --size 1G --json
  raidbench-cli bench-fs --dir /mnt/new --test command --repeats 5 -- sh -c &apos;psql &lt; dump.sql&apos;</source>
        <translation>Ejecuta una prueba de sistema de archivos en un directorio existente (no se construye
ningún array) y deja el directorio como lo encontró.

Pruebas:
  file-seq     escribe un archivo (--size, --bs; con búfer, o --direct), lo reescribe bloque
               a bloque, lo vuelve a leer: MB/s y % de CPU por fase (las columnas de bloque de bonnie)
  file-seeks   lecturas aleatorias de 4k sobre un archivo de --size a profundidad de cola 1
               durante --time (búsquedas/s)
  small-files  crea --files archivos de --file-size en --dirs directorios, los consulta, lee y
               borra, en orden y luego en orden aleatorio: archivos/s por fase (por defecto
               16 x 1024 archivos de 0 bytes, como bonnie; small-files-100k hace 100000 x 1k)
  command      ejecuta -- ORDEN ARGS (sin shell salvo que escriba sh -c) en el directorio
               --repeats veces, vaciando las cachés entre ejecuciones (como root): tiempo
               real de cada una

Ejemplos:
  raidbench-cli bench-fs --dir /mnt/new --test small-files --files 100000 --file-size 1k --dirs 1
  raidbench-cli bench-fs --dir /mnt/new --test file-seq --size 1G --json
  raidbench-cli bench-fs --dir /mnt/new --test command --repeats 5 -- sh -c &apos;psql &lt; dump.sql&apos;</translation>
    </message>
    <message>
        <source>Directory to test in (required).</source>
        <translation>Directorio en el que probar (obligatorio).</translation>
    </message>
    <message>
        <source>file-seq, file-seeks, small-files or command.</source>
        <translation>file-seq, file-seeks, small-files o command.</translation>
    </message>
    <message>
        <source>File size for file-seq and file-seeks (default 256M).</source>
        <translation>Tamaño de archivo para file-seq y file-seeks (por defecto 256M).</translation>
    </message>
    <message>
        <source>Block size for file-seq (default 1M).</source>
        <translation>Tamaño de bloque para file-seq (por defecto 1M).</translation>
    </message>
    <message>
        <source>file-seq with O_DIRECT instead of the page cache.</source>
        <translation>file-seq con O_DIRECT en lugar de la caché de páginas.</translation>
    </message>
    <message>
        <source>file-seeks duration (default 5s).</source>
        <translation>Duración de file-seeks (por defecto 5s).</translation>
    </message>
    <message>
        <source>small-files: number of files (default 16384).</source>
        <translation>small-files: número de archivos (por defecto 16384).</translation>
    </message>
    <message>
        <source>small-files: directories (default 16).</source>
        <translation>small-files: directorios (por defecto 16).</translation>
    </message>
    <message>
        <source>small-files: bytes per file (default 0).</source>
        <translation>small-files: bytes por archivo (por defecto 0).</translation>
    </message>
    <message>
        <source>small-files: none, each or end (default none).</source>
        <translation>small-files: none, each o end (por defecto none).</translation>
    </message>
    <message>
        <source>command: runs (default 1).</source>
        <translation>command: ejecuciones (por defecto 1).</translation>
    </message>
    <message>
        <source>command: kill it after this long (default 10m).</source>
        <translation>command: matarla pasado este tiempo (por defecto 10m).</translation>
    </message>
    <message>
        <source>command: do not drop caches between runs.</source>
        <translation>command: no vaciar las cachés entre ejecuciones.</translation>
    </message>
    <message>
        <source>Print the result as JSON.</source>
        <translation>Imprimir el resultado como JSON.</translation>
    </message>
    <message>
        <source>For --test command.</source>
        <translation>Para --test command.</translation>
    </message>
    <message>
        <source>--dir and --test are required (see raidbench-cli bench-fs --help)</source>
        <translation>--dir y --test son obligatorios (vea raidbench-cli bench-fs --help)</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos; (a command goes with --test command)</source>
        <translation>argumento inesperado &apos;%1&apos; (una orden va con --test command)</translation>
    </message>
    <message>
        <source>%1 in %2: %3
</source>
        <translation>%1 en %2: %3
</translation>
    </message>
    <message>
        <source>  %1 %2 ops in %3 s  %4 ops/s  %5  cpu %6 %
</source>
        <translation>  %1 %2 operaciones en %3 s  %4 op/s  %5  cpu %6 %
</translation>
    </message>
    <message>
        <source>%1 (see raidbench-cli %2 --help)</source>
        <translation>%1 (vea raidbench-cli %2 --help)</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos; (see raidbench-cli %2 --help)</source>
        <translation>argumento inesperado &apos;%1&apos; (vea raidbench-cli %2 --help)</translation>
    </message>
    <message>
        <source>not confirmed; nothing was changed</source>
        <translation>no confirmado; no se ha cambiado nada</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>           health: %1
</source>
        <translation>           salud: %1
</translation>
    </message>
    <message>
        <source>           link: %1 of %2
</source>
        <translation>           enlace: %1 de %2
</translation>
    </message>
    <message>
        <source>           could be slow: %1
</source>
        <translation>           podría ser lento: %1
</translation>
    </message>
    <message>
        <source>--history needs a disk&apos;s serial number</source>
        <translation>--history necesita el número de serie de un disco</translation>
    </message>
    <message>
        <source>no results folder at %1: nothing has been measured yet</source>
        <translation>no hay carpeta de resultados en %1: aún no se ha medido nada</translation>
    </message>
    <message>
        <source>raidbench-cli: skipped %1
</source>
        <translation>raidbench-cli: se omite %1
</translation>
    </message>
    <message>
        <source>no results file in %1 measured a disk on its own</source>
        <translation>ningún archivo de resultados de %1 midió un disco por sí solo</translation>
    </message>
    <message>
        <source>no results file in %1 measured a disk with serial %2; these have a history: %3</source>
        <translation>ningún archivo de resultados de %1 midió un disco con el número de serie %2; estos tienen historial: %3</translation>
    </message>
    <message>
        <source>--points &apos;%1&apos; must be a whole number from %2 to %3</source>
        <translation>--points &apos;%1&apos; debe ser un número entero de %2 a %3</translation>
    </message>
    <message>
        <source>Print a JSON array of devices.</source>
        <translation>Imprimir una lista JSON de dispositivos.</translation>
    </message>
    <message>
        <source>Also list loop, RAM, md and dm devices.</source>
        <translation>Enumerar también los dispositivos loop, RAM, md y dm.</translation>
    </message>
    <message>
        <source>Treat loop devices as usable disks (for tests).</source>
        <translation>Tratar los dispositivos loop como discos utilizables (para pruebas).</translation>
    </message>
    <message>
        <source>Mark devices smaller than SIZE as too small.</source>
        <translation>Marcar como demasiado pequeños los dispositivos de menos de SIZE.</translation>
    </message>
    <message>
        <source>Do not read SMART health and write caches (smartctl, hdparm, ...).</source>
        <translation>No leer la salud SMART ni las cachés de escritura (smartctl, hdparm, ...).</translation>
    </message>
    <message>
        <source>Show the disk with serial number SERIAL&apos;s speed over time.</source>
        <translation>Mostrar la velocidad a lo largo del tiempo del disco con el número de serie SERIAL.</translation>
    </message>
    <message>
        <source>With --history: the folder of results files (default: the results folder).</source>
        <translation>Con --history: la carpeta de archivos de resultados (por defecto: la carpeta de resultados).</translation>
    </message>
    <message>
        <source>List that machine&apos;s disks, over ssh.</source>
        <translation>Enumerar los discos de esa máquina, por ssh.</translation>
    </message>
    <message>
        <source>With --host: where the helper is there, paths separated by &apos;:&apos;, the first found runs (default %1).</source>
        <translation>Con --host: dónde está allí el asistente, rutas separadas por &apos;:&apos;, se ejecuta la primera que se encuentre (por defecto %1).</translation>
    </message>
    <message>
        <source>disks are named only with --surface (raidbench-cli disks lists them all)</source>
        <translation>los discos solo se nombran con --surface (raidbench-cli disks los enumera todos)</translation>
    </message>
    <message>
        <source>--results-dir goes with --history</source>
        <translation>--results-dir va con --history</translation>
    </message>
    <message>
        <source>--connect-timeout goes with --host</source>
        <translation>--connect-timeout va con --host</translation>
    </message>
    <message>
        <source>--min-size is for this machine&apos;s disks, not with --host</source>
        <translation>--min-size es para los discos de esta máquina, no con --host</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NOMBRE</translation>
    </message>
    <message>
        <source>SIZE</source>
        <translation>TAMAÑO</translation>
    </message>
    <message>
        <source>MODEL</source>
        <translation>MODELO</translation>
    </message>
    <message>
        <source>TRAN</source>
        <translation>TRAN</translation>
    </message>
    <message>
        <source>CONTROLLER</source>
        <translation>CONTROLADORA</translation>
    </message>
    <message>
        <source>HEALTH</source>
        <translation>SALUD</translation>
    </message>
    <message>
        <source>CACHE</source>
        <translation>CACHÉ</translation>
    </message>
    <message>
        <source>USABLE</source>
        <translation>USABLE</translation>
    </message>
    <message>
        <source>WHY NOT</source>
        <translation>POR QUÉ NO</translation>
    </message>
    <message>
        <source>(no disks; --all lists loop, RAM, md and dm devices too)
</source>
        <translation>(ningún disco; --all enumera también dispositivos loop, RAM, md y dm)
</translation>
    </message>
    <message>
        <source>Spread the disks over N SCSI controllers, taking turns (default %1); N@MBPS limits each controller to MBPS for all its disks together.</source>
        <translation>Repartir los discos entre N controladoras SCSI, por turnos (por defecto %1); N@MBPS limita cada controladora a MBPS para todos sus discos juntos.</translation>
    </message>
    <message>
        <source> (apt-get install %1)</source>
        <translation> (apt-get install %1)</translation>
    </message>
    <message>
        <source>the lab can run here
</source>
        <translation>el laboratorio puede funcionar aquí
</translation>
    </message>
    <message>
        <source>the lab cannot run here yet
</source>
        <translation>el laboratorio aún no puede funcionar aquí
</translation>
    </message>
    <message>
        <source>lab %1 works only inside the lab VM (raidbench-cli lab run)</source>
        <translation>lab %1 solo funciona dentro de la máquina virtual del laboratorio (raidbench-cli lab run)</translation>
    </message>
    <message>
        <source>give the disk&apos;s number: raidbench-cli lab %1 N (1 for RBLAB0001)</source>
        <translation>indique el número del disco: raidbench-cli lab %1 N (1 para RBLAB0001)</translation>
    </message>
    <message>
        <source>cannot ask the lab: %1</source>
        <translation>no se puede preguntar al laboratorio: %1</translation>
    </message>
    <message>
        <source>disk %1 was put back, but the VM did not see it within 120 s</source>
        <translation>el disco %1 se volvió a conectar, pero la máquina virtual no lo vio en 120 s</translation>
    </message>
    <message>
        <source>the lab did not answer within 60 s</source>
        <translation>el laboratorio no respondió en 60 s</translation>
    </message>
    <message>
        <source>unknown lab command &apos;%1&apos;; use run, check, demo, ssh-host (or, inside the VM, unplug, plug, power-cycle)</source>
        <translation>orden de lab desconocida &apos;%1&apos;; use run, check, demo, ssh-host (o, dentro de la máquina virtual, unplug, plug, power-cycle)</translation>
    </message>
    <message>
        <source>Boot the virtual lab and run RaidBench&apos;s main job on its disks: per-disk baselines, then every layout
the disks allow, each built, measured and torn down. Leaves results.json and report.md in DIR.
The default disks are hard disks (models served by nbdkit; see raidbench-cli lab --help): two at
105 MB/s at their start falling to 55 at their end, 7200 rpm, and two older ones at 60 falling to
32, 5400 rpm, each seeking and turning as a disk does, with a 16 MiB write cache (filled during
each test&apos;s ramp, so the figures are the disks&apos; own). The report names them.
--disks 2x2G@105:iops=150,2x2G@38:iops=150 gives the flat throttles of earlier versions.
Each test runs at least twice and until its runs&apos; MB/s vary by at most 5 % (coefficient of variation;
at most 5 runs; --repeats N sets a fixed count instead), and the report marks any that never settled.

With --drill, every layout that survives a failed disk also loses one: it is tested degraded, the
disk is added back and the rebuild is timed (this adds about a rebuild&apos;s time per layout).

The disks take turns over --controllers N SCSI controllers (default 2), so the report says which
layouts survive losing a controller; 24 disks on 3 controllers are a server&apos;s shape.

Example:
  raidbench-cli lab demo --out demo-out
  raidbench-cli lab demo --disks 4x1G@100,1G@40 --time 5s
  raidbench-cli lab demo --configs raid1,raid5,raid10 --drill
  raidbench-cli lab demo --disks 24x1G@100 --controllers 3 --configs raid0,raid10,raid50,raid60,raid1+0</source>
        <translation>Arranca el laboratorio virtual y ejecuta sobre sus discos el trabajo principal de RaidBench: las medidas
de cada disco, y luego cada disposición que los discos permiten, cada una construida, medida y desmontada.
Deja results.json y report.md en DIR.
Los discos por defecto son discos duros (modelos servidos por nbdkit; vea raidbench-cli lab --help): dos a
105 MB/s al principio que bajan a 55 al final, 7200 rpm, y dos más antiguos a 60 que bajan a 32,
5400 rpm, cada uno buscando y girando como lo hace un disco, con una caché de escritura de 16 MiB (llena
durante la rampa de cada prueba, para que las cifras sean las de los propios discos). El informe los nombra.
--disks 2x2G@105:iops=150,2x2G@38:iops=150 da los límites planos de versiones anteriores.
Cada prueba se ejecuta al menos dos veces y hasta que los MB/s de sus ejecuciones varían como mucho un 5 %
(coeficiente de variación; como mucho 5 ejecuciones; --repeats N fija en cambio un número), y el informe
marca las que nunca se estabilizaron.

Con --drill, cada disposición que sobrevive a un disco fallido también pierde uno: se prueba degradada,
el disco se vuelve a añadir y se cronometra la reconstrucción (esto añade el tiempo de una
reconstrucción por disposición).

Los discos se turnan entre --controllers N controladoras SCSI (por defecto 2), para que el informe diga
qué disposiciones sobreviven a la pérdida de una controladora; 24 discos en 3 controladoras son la forma
de un servidor.

Ejemplo:
  raidbench-cli lab demo --out demo-out
  raidbench-cli lab demo --disks 4x1G@100,1G@40 --time 5s
  raidbench-cli lab demo --configs raid1,raid5,raid10 --drill
  raidbench-cli lab demo --disks 24x1G@100 --controllers 3 --configs raid0,raid10,raid50,raid60,raid1+0</translation>
    </message>
    <message>
        <source>lab: %1
</source>
        <translation>lab: %1
</translation>
    </message>
    <message>
        <source>lab: up in %1 s (%2)
</source>
        <translation>lab: arrancado en %1 s (%2)
</translation>
    </message>
    <message>
        <source>Directory for plan, results and report (default ./raidbench-demo).</source>
        <translation>Directorio para el plan, los resultados y el informe (por defecto ./raidbench-demo).</translation>
    </message>
    <message>
        <source>Lab disks (default %1).</source>
        <translation>Discos del laboratorio (por defecto %1).</translation>
    </message>
    <message>
        <source>Seconds per test run, after a ramp of a quarter second (default 1s).</source>
        <translation>Segundos por ejecución de prueba, tras una rampa de un cuarto de segundo (por defecto 1s).</translation>
    </message>
    <message>
        <source>Runs per test, a fixed count (default: until they vary by at most 5 %, 2 to 5 runs).</source>
        <translation>Ejecuciones por prueba, un número fijo (por defecto: hasta que varían como mucho un 5 %, de 2 a 5 ejecuciones).</translation>
    </message>
    <message>
        <source>Comma-separated presets (default: all the disks allow).</source>
        <translation>Disposiciones estándar separadas por comas (por defecto: todas las que los discos permiten).</translation>
    </message>
    <message>
        <source>Comma-separated test names (default: the standard five).</source>
        <translation>Nombres de pruebas separados por comas (por defecto: las cinco estándar).</translation>
    </message>
    <message>
        <source>Fail a disk in each layout that survives one: degraded tests, then the rebuild timed.</source>
        <translation>Hacer fallar un disco en cada disposición que sobrevive a uno: pruebas en modo degradado, y luego se cronometra la reconstrucción.</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>no se puede crear %1</translation>
    </message>
    <message>
        <source>demo: %1 virtual disks (%2), results in %3
</source>
        <translation>demo: %1 discos virtuales (%2), resultados en %3
</translation>
    </message>
    <message>
        <source>the demo left no results: %1</source>
        <translation>la demostración no dejó resultados: %1</translation>
    </message>
    <message>
        <source>
demo finished in %1 s: %2/results.json, %2/report.md
</source>
        <translation>
demostración terminada en %1 s: %2/results.json, %2/report.md
</translation>
    </message>
    <message>
        <source>Virtual disks (see above).</source>
        <translation>Discos virtuales (vea arriba).</translation>
    </message>
    <message>
        <source>Directory shared read-write at the same path inside the VM; the command starts there.</source>
        <translation>Directorio compartido en lectura y escritura en la misma ruta dentro de la máquina virtual; la orden empieza allí.</translation>
    </message>
    <message>
        <source>Stop the VM after this long (default 30m).</source>
        <translation>Detener la máquina virtual pasado este tiempo (por defecto 30m).</translation>
    </message>
    <message>
        <source>Give up when the VM is not up after this long (default 3m).</source>
        <translation>Desistir cuando la máquina virtual no haya arrancado pasado este tiempo (por defecto 3m).</translation>
    </message>
    <message>
        <source>auto (KVM when a probe shows it works, else TCG), kvm or tcg.</source>
        <translation>auto (KVM cuando una prueba muestra que funciona, si no TCG), kvm o tcg.</translation>
    </message>
    <message>
        <source>VM memory in MiB (default 1024).</source>
        <translation>Memoria de la máquina virtual en MiB (por defecto 1024).</translation>
    </message>
    <message>
        <source>Virtual CPUs (default 2 with KVM, 1 with TCG, where a second one costs the host more than it gives).</source>
        <translation>CPU virtuales (por defecto 2 con KVM, 1 con TCG, donde una segunda le cuesta al anfitrión más de lo que da).</translation>
    </message>
    <message>
        <source>Do not report the boot on stderr.</source>
        <translation>No informar del arranque en stderr.</translation>
    </message>
    <message>
        <source>--boot-timeout must be more than 0</source>
        <translation>--boot-timeout debe ser mayor que 0</translation>
    </message>
    <message>
        <source>--memory must be at least 256 (MiB)</source>
        <translation>--memory debe ser al menos 256 (MiB)</translation>
    </message>
    <message>
        <source>--cpus must be a number from 1 to 64</source>
        <translation>--cpus debe ser un número de 1 a 64</translation>
    </message>
    <message>
        <source>lab: up in %1 s (%2: %3)
</source>
        <translation>lab: arrancado en %1 s (%2: %3)
</translation>
    </message>
    <message>
        <source>The command to run inside the VM.</source>
        <translation>La orden que ejecutar dentro de la máquina virtual.</translation>
    </message>
    <message>
        <source>--disks is required, e.g. --disks 2x1G@100</source>
        <translation>--disks es obligatorio, p. ej. --disks 2x1G@100</translation>
    </message>
    <message>
        <source>no command given; put it after --, e.g. lab run --disks 1G -- cat /proc/mdstat</source>
        <translation>no se indicó ninguna orden; póngala después de --, p. ej. lab run --disks 1G -- cat /proc/mdstat</translation>
    </message>
    <message>
        <source>The port on 127.0.0.1 that reaches the VM&apos;s sshd.</source>
        <translation>El puerto de 127.0.0.1 que lleva al sshd de la máquina virtual.</translation>
    </message>
    <message>
        <source>Public keys allowed to log in (an authorized_keys file).</source>
        <translation>Claves públicas a las que se permite entrar (un archivo authorized_keys).</translation>
    </message>
    <message>
        <source>The VM&apos;s ssh host key (a private key file, FILE.pub beside it); default: a new one.</source>
        <translation>La clave de máquina ssh de la máquina virtual (un archivo de clave privada, con FILE.pub al lado); por defecto: una nueva.</translation>
    </message>
    <message>
        <source>The VM&apos;s host name.</source>
        <translation>El nombre de máquina de la máquina virtual.</translation>
    </message>
    <message>
        <source>Also let this user of this machine in (not only root).</source>
        <translation>Dejar entrar también a este usuario de esta máquina (no solo a root).</translation>
    </message>
    <message>
        <source>auto, kvm or tcg.</source>
        <translation>auto, kvm o tcg.</translation>
    </message>
    <message>
        <source>Stop the VM after this long (default 2h).</source>
        <translation>Detener la máquina virtual pasado este tiempo (por defecto 2h).</translation>
    </message>
    <message>
        <source>ssh-keygen could not make a host key: %1</source>
        <translation>ssh-keygen no pudo crear una clave de máquina: %1</translation>
    </message>
    <message>
        <source>cannot read the host key %1 and %1.pub</source>
        <translation>no se puede leer la clave de máquina %1 ni %1.pub</translation>
    </message>
    <message>
        <source>give --disks, --port and --authorized-keys, e.g. lab ssh-host --disks 2x1G@100 --port 2201 --authorized-keys ~/.ssh/id_ed25519.pub</source>
        <translation>indique --disks, --port y --authorized-keys, p. ej. lab ssh-host --disks 2x1G@100 --port 2201 --authorized-keys ~/.ssh/id_ed25519.pub</translation>
    </message>
    <message>
        <source>--port must be a number from 1 to 65535</source>
        <translation>--port debe ser un número de 1 a 65535</translation>
    </message>
    <message>
        <source>the lab runs this machine&apos;s sshd and ssh-keygen; install the Debian packages openssh-server and openssh-client</source>
        <translation>el laboratorio ejecuta el sshd y el ssh-keygen de esta máquina; instale los paquetes de Debian openssh-server y openssh-client</translation>
    </message>
    <message>
        <source>--user &apos;%1&apos; is not a user name other than root</source>
        <translation>--user &apos;%1&apos; no es un nombre de usuario distinto de root</translation>
    </message>
    <message>
        <source>the campaign destroys the data on %1 disk(s); run on a terminal to confirm, or pass --yes</source>
        <translation>la campaña destruye los datos de %1 disco(s); ejecútela en un terminal para confirmar, o pase --yes</translation>
    </message>
    <message>
        <source>This destroys everything on:
  %1
Type yes to go on: </source>
        <translation>Esto destruye todo en:
  %1
Escriba yes para continuar: </translation>
    </message>
    <message>
        <source>cannot write results to %1</source>
        <translation>no se pueden escribir los resultados en %1</translation>
    </message>
    <message>
        <source>disk %1: %2</source>
        <translation>disco %1: %2</translation>
    </message>
    <message>
        <source>%1; the results go to %2</source>
        <translation>%1; los resultados van a %2</translation>
    </message>
    <message>
        <source>what it measured is in %1
</source>
        <translation>lo que midió está en %1
</translation>
    </message>
    <message>
        <source>cancelled before the campaign started; nothing was changed
</source>
        <translation>cancelado antes de que empezara la campaña; no se ha cambiado nada
</translation>
    </message>
    <message>
        <source>the helper stopped before it answered</source>
        <translation>el asistente se detuvo antes de responder</translation>
    </message>
    <message>
        <source>campaign %1; results in %2
</source>
        <translation>campaña %1; resultados en %2
</translation>
    </message>
    <message>
        <source>%1: note: %2
</source>
        <translation>%1: nota: %2
</translation>
    </message>
    <message>
        <source>slow disk %1: %2
</source>
        <translation>disco lento %1: %2
</translation>
    </message>
    <message>
        <source>results in %1 (%2 s)
</source>
        <translation>resultados en %1 (%2 s)
</translation>
    </message>
    <message>
        <source>%1 could not be written; the results are in %2</source>
        <translation>no se pudo escribir %1; los resultados están en %2</translation>
    </message>
    <message>
        <source>cancelled; what was measured is in %1</source>
        <translation>cancelado; lo que se midió está en %1</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completada</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>no ejecutada</translation>
    </message>
    <message>
        <source>the campaign destroys the data on %1 disk(s) on %2 host(s); run on a terminal to confirm, or pass --yes</source>
        <translation>la campaña destruye los datos de %1 disco(s) en %2 máquina(s); ejecútela en un terminal para confirmar, o pase --yes</translation>
    </message>
    <message>
        <source>connected (RaidBench %1, %2 journal(s) of ended runs)</source>
        <translation>conectado (RaidBench %1, %2 diario(s) de ejecuciones terminadas)</translation>
    </message>
    <message>
        <source>campaign started; results go to %1</source>
        <translation>campaña iniciada; los resultados van a %1</translation>
    </message>
    <message>
        <source>%1; its results go to %2</source>
        <translation>%1; sus resultados van a %2</translation>
    </message>
    <message>
        <source> (raidbench-cli disks --host %1 lists its disks)</source>
        <translation> (raidbench-cli disks --host %1 enumera sus discos)</translation>
    </message>
    <message>
        <source>; skipped</source>
        <translation>; omitida</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>error: %1</translation>
    </message>
    <message>
        <source>what it measured is in %1</source>
        <translation>lo que midió está en %1</translation>
    </message>
    <message>
        <source>campaign %1; results in %2</source>
        <translation>campaña %1; resultados en %2</translation>
    </message>
    <message>
        <source>host %1 is named twice</source>
        <translation>la máquina %1 se nombra dos veces</translation>
    </message>
    <message>
        <source>at most 256 hosts at once</source>
        <translation>como mucho 256 máquinas a la vez</translation>
    </message>
    <message>
        <source>How long a host may take to log in, start its helper and list its disks before it is given up (1-3600 s, default %1).</source>
        <translation>Cuánto puede tardar una máquina en iniciar sesión, arrancar su asistente y enumerar sus discos antes de darla por perdida (1-3600 s, por defecto %1).</translation>
    </message>
    <message>
        <source>--connect-timeout takes a number of seconds from 1 to 3600, not &apos;%1&apos;</source>
        <translation>--connect-timeout acepta un número de segundos de 1 a 3600, no &apos;%1&apos;</translation>
    </message>
    <message>
        <source>[%1] connecting over ssh
</source>
        <translation>[%1] conectando por ssh
</translation>
    </message>
    <message>
        <source>give --host or --hosts, not both</source>
        <translation>indique --host o --hosts, no ambos</translation>
    </message>
    <message>
        <source>--resume and --helper are for this machine; not with --host or --hosts</source>
        <translation>--resume y --helper son para esta máquina; no con --host ni --hosts</translation>
    </message>
    <message>
        <source>--parallel takes a number from 1 to 64</source>
        <translation>--parallel acepta un número de 1 a 64</translation>
    </message>
    <message>
        <source>--hosts needs --out DIR: the folder for one results file per host</source>
        <translation>--hosts necesita --out DIR: la carpeta para un archivo de resultados por máquina</translation>
    </message>
    <message>
        <source>--out %1 is a file; with --hosts it names a folder</source>
        <translation>--out %1 es un archivo; con --hosts nombra una carpeta</translation>
    </message>
    <message>
        <source>cannot write results into %1</source>
        <translation>no se pueden escribir resultados en %1</translation>
    </message>
    <message>
        <source>%1 already holds results for %2; give another --out folder</source>
        <translation>%1 ya contiene resultados de %2; indique otra carpeta en --out</translation>
    </message>
    <message>
        <source>Turn a results file into a Markdown report (default), CSV, or fio-style JSON files; add fio&apos;s own
--output-format=json results beside RaidBench&apos;s.

Examples:
  raidbench-cli report results.json &gt; report.md
  raidbench-cli report results.json --csv --out results.csv
  raidbench-cli report results.json --fio-json fio-dir/
  raidbench-cli report results.json --fio fio.json:raid5 --md
  raidbench-cli report --compare before.json after.json &gt; compare.md
  raidbench-cli report results.json --recommend &quot;failures&gt;=1,space&gt;=50,weight=random&quot;

The Markdown report ends with a recommendation: the measured layouts that survive one failure,
ranked on sequential and random speed. --recommend REQUIREMENTS prints the ranking for your own
(as text, or JSON with --json; with --md the report uses them), comma-separated:
  failures&gt;=N         survive any N failed disks
  controller          survive losing one controller (host adapter)
  space&gt;=P            keep at least P % of the disks&apos; space
  weight=TERM[:W]+... what to rank on: seq, seq-write, seq-read, random, random-write,
                      random-read, files (the file-system tests), command (your command&apos;s time);
                      W weighs a term (default 1). Without weight: seq+random.
Layouts the disks allow but the results do not hold are filled in from the models, marked
predicted: sequential speed from the disks&apos; own, random speed from their access patterns
(results from before those were measured have sequential speed only).</source>
        <translation>Convierte un archivo de resultados en un informe Markdown (por defecto), CSV, o archivos JSON al estilo
de fio; añade los resultados del propio fio (--output-format=json) junto a los de RaidBench.

Ejemplos:
  raidbench-cli report results.json &gt; report.md
  raidbench-cli report results.json --csv --out results.csv
  raidbench-cli report results.json --fio-json fio-dir/
  raidbench-cli report results.json --fio fio.json:raid5 --md
  raidbench-cli report --compare before.json after.json &gt; compare.md
  raidbench-cli report results.json --recommend &quot;failures&gt;=1,space&gt;=50,weight=random&quot;

El informe Markdown termina con una recomendación: las disposiciones medidas que sobreviven a un
fallo, ordenadas por velocidad secuencial y aleatoria. --recommend REQUIREMENTS imprime la
clasificación según los suyos (como texto, o JSON con --json; con --md el informe los usa),
separados por comas:
  failures&gt;=N         sobrevivir a N discos fallidos cualesquiera
  controller          sobrevivir a la pérdida de una controladora (adaptador de host)
  space&gt;=P            conservar al menos el P % del espacio de los discos
  weight=TERM[:W]+... por qué ordenar: seq, seq-write, seq-read, random, random-write,
                      random-read, files (las pruebas de sistema de archivos), command (el
                      tiempo de su orden); W pondera un término (por defecto 1). Sin weight: seq+random.
Las disposiciones que los discos permiten pero que los resultados no contienen se completan con los
modelos, marcadas como predichas: la velocidad secuencial a partir de la de los discos, la aleatoria
a partir de sus patrones de acceso (los resultados anteriores a su medida solo tienen velocidad
secuencial).</translation>
    </message>
    <message>
        <source>--html writes to --out FILE, and alone (not with --md, --csv, --fio or --json)</source>
        <translation>--html escribe en --out FILE, y solo (no con --md, --csv, --fio ni --json)</translation>
    </message>
    <message>
        <source>the HTML report is drawn by the desktop program; install the raidbench package (or use --md or --csv)</source>
        <translation>el informe HTML lo dibuja el programa de escritorio; instale el paquete raidbench (o use --md o --csv)</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>no se puede ejecutar %1: %2</translation>
    </message>
    <message>
        <source>Markdown report (the default).</source>
        <translation>Informe Markdown (lo predeterminado).</translation>
    </message>
    <message>
        <source>CSV, one row per configuration and test.</source>
        <translation>CSV, una fila por configuración y prueba.</translation>
    </message>
    <message>
        <source>Write fio-style JSON per test into DIR.</source>
        <translation>Escribir en DIR un JSON al estilo de fio por prueba.</translation>
    </message>
    <message>
        <source>Add a fio JSON output file, as configuration CONFIG (default: the file name).</source>
        <translation>Añadir un archivo de salida JSON de fio, como la configuración CONFIG (por defecto: el nombre del archivo).</translation>
    </message>
    <message>
        <source>Write to FILE instead of stdout.</source>
        <translation>Escribir en FILE en lugar de en stdout.</translation>
    </message>
    <message>
        <source>Put two or more results files side by side: configurations grouped by name (raid5 · before beside raid5 · after, labelled by the files&apos; names, or by their hosts when they ran on different machines: then each disk is judged against the fleet&apos;s median).</source>
        <translation>Poner dos o más archivos de resultados uno junto a otro: configuraciones agrupadas por nombre (raid5 · antes junto a raid5 · después, etiquetadas con los nombres de los archivos, o con sus máquinas cuando se ejecutaron en máquinas distintas: entonces cada disco se juzga frente a la mediana de la flota).</translation>
    </message>
    <message>
        <source>The HTML report with its charts, to --out FILE (drawn by the desktop program, raidbench).</source>
        <translation>El informe HTML con sus gráficos, en --out FILE (lo dibuja el programa de escritorio, raidbench).</translation>
    </message>
    <message>
        <source>Rank the layouts for REQUIREMENTS (see above; &quot;&quot; for none) and print the ranking.</source>
        <translation>Ordenar las disposiciones según REQUIREMENTS (vea arriba; &quot;&quot; para ninguno) e imprimir la clasificación.</translation>
    </message>
    <message>
        <source>With --recommend: the ranking as JSON (ranked, excluded).</source>
        <translation>Con --recommend: la clasificación como JSON (ranked, excluded).</translation>
    </message>
    <message>
        <source>Results file (two or more with --compare).</source>
        <translation>Archivo de resultados (dos o más con --compare).</translation>
    </message>
    <message>
        <source>give two or more results files to compare</source>
        <translation>indique dos o más archivos de resultados que comparar</translation>
    </message>
    <message>
        <source>give one results file (or --compare and two or more)</source>
        <translation>indique un archivo de resultados (o --compare y dos o más)</translation>
    </message>
    <message>
        <source>--recommend ranks the layouts of one results file, not a comparison</source>
        <translation>--recommend ordena las disposiciones de un archivo de resultados, no de una comparación</translation>
    </message>
    <message>
        <source>--json goes with --recommend</source>
        <translation>--json va con --recommend</translation>
    </message>
    <message>
        <source>wrote %1 fio-style JSON files into %2
</source>
        <translation>se escribieron %1 archivos JSON al estilo de fio en %2
</translation>
    </message>
    <message>
        <source>Run a campaign: measure each disk on its own, then build every configuration of
the plan, run its tests, tear it down, and write the results after each one.

All disks of the plan are destroyed. The command lists them (model, serial, size)
and asks on a terminal; --yes skips the question; without a terminal it refuses.
Ctrl-C stops at once: what stands is torn down and everything measured is kept.
A plan&apos;s &quot;write_cache&quot; (on, off, both) sets the member disks&apos; own write caches for
the tests; each disk is set back as it was, after Ctrl-C too, and after a crash by
raidbench-cli array recover (docs/write-cache.md).
As a normal user the root work is done by raidbench-helper, started through
pkexec (polkit asks for an administrator password); as root it runs in-process,
or with --helper in raidbench-helper as the desktop program does.
The results are written after every measurement, to --out or else to a new file
in the results folder (~/.local/share/raidbench/results; RAIDBENCH_RESULTS_DIR
changes it), named by date, host and plan. If the file cannot be written (a full
disk), they go to a file in the temporary directory and the command says where.
--resume skips the configurations RESULTS.json already has. The plan format is in
docs/plan-format.md; the results format in docs/results-format.md.

Other machines, over OpenSSH (no port opened, no agent of ours; docs/remote.md):
--host [USER@]HOST[:PORT] runs the plan on that machine&apos;s disks through the raidbench-helper
installed there (as root, or through sudo -n); --hosts H1,H2,... runs it on every host, at
most --parallel at once, with one results file per host in the folder --out names. Your ssh
configuration, keys, agent and known_hosts apply; RaidBench never types a password and never
accepts an unknown host key. A plan may choose disks by rule (&quot;disks&quot;: {&quot;select&quot;: &quot;usable&quot;,
&quot;model&quot;: &quot;ST4000*&quot;, &quot;count&quot;: 4}), resolved on each host; a host where nothing matches is
skipped, as is one that has not listed its disks within --connect-timeout (120 s). One host
failing or losing its connection leaves the others running; its results file keeps what it
measured.

Exit code: 0 all configurations completed, 1 some failed (see the results), 2 bad
plan or options, 130 cancelled.

Examples:
  raidbench-cli run plan.json
  raidbench-cli run plan.json --out results.json
  raidbench-cli run plan.json --host root@storage1 --out storage1.json
  raidbench-cli run plan.json --hosts storage1,storage2,admin@storage3:2222 --out fleet/
  raidbench-cli report results.json --md &gt; report.md
  raidbench-cli report --compare fleet/*.json &gt; fleet.md</source>
        <translation>Ejecuta una campaña: mide cada disco por sí solo, luego construye cada configuración del
plan, ejecuta sus pruebas, la desmonta, y escribe los resultados después de cada una.

Se destruyen todos los discos del plan. La orden los enumera (modelo, número de serie, tamaño)
y pregunta en un terminal; --yes se salta la pregunta; sin terminal se niega.
Ctrl-C detiene al momento: lo que está en pie se desmonta y todo lo medido se conserva.
El &quot;write_cache&quot; de un plan (on, off, both) fija las cachés de escritura propias de los discos
miembro para las pruebas; cada disco vuelve a quedar como estaba, también tras Ctrl-C, y tras
una caída mediante raidbench-cli array recover (docs/write-cache.md).
Como usuario normal el trabajo de root lo hace raidbench-helper, iniciado mediante pkexec
(polkit pide una contraseña de administrador); como root se ejecuta en el mismo proceso, o con
--helper en raidbench-helper como hace el programa de escritorio.
Los resultados se escriben después de cada medida, en --out o si no en un archivo nuevo de la
carpeta de resultados (~/.local/share/raidbench/results; RAIDBENCH_RESULTS_DIR la cambia),
nombrado por fecha, máquina y plan. Si el archivo no se puede escribir (un disco lleno), van a
un archivo del directorio temporal y la orden dice dónde.
--resume se salta las configuraciones que RESULTS.json ya tiene. El formato del plan está en
docs/plan-format.md; el de los resultados en docs/results-format.md.

Otras máquinas, por OpenSSH (sin abrir puertos, sin agente nuestro; docs/remote.md):
--host [USER@]HOST[:PORT] ejecuta el plan sobre los discos de esa máquina a través del
raidbench-helper instalado allí (como root, o mediante sudo -n); --hosts M1,M2,... lo ejecuta en
cada máquina, como mucho --parallel a la vez, con un archivo de resultados por máquina en la
carpeta que nombra --out. Se aplican su configuración de ssh, claves, agente y known_hosts;
RaidBench nunca teclea una contraseña y nunca acepta una clave de máquina desconocida. Un plan
puede elegir los discos por regla (&quot;disks&quot;: {&quot;select&quot;: &quot;usable&quot;, &quot;model&quot;: &quot;ST4000*&quot;, &quot;count&quot;: 4}),
resuelta en cada máquina; una máquina donde nada coincide se omite, igual que una que no ha
enumerado sus discos dentro de --connect-timeout (120 s). Que una máquina falle o pierda la
conexión deja a las demás en marcha; su archivo de resultados conserva lo que midió.

Código de salida: 0 todas las configuraciones completadas, 1 alguna falló (vea los resultados),
2 plan u opciones incorrectos, 130 cancelado.

Ejemplos:
  raidbench-cli run plan.json
  raidbench-cli run plan.json --out results.json
  raidbench-cli run plan.json --host root@storage1 --out storage1.json
  raidbench-cli run plan.json --hosts storage1,storage2,admin@storage3:2222 --out fleet/
  raidbench-cli report results.json --md &gt; report.md
  raidbench-cli report --compare fleet/*.json &gt; fleet.md</translation>
    </message>
    <message>
        <source>Results file (JSON), written after every measurement. Default: a new file in the results folder, %1.</source>
        <translation>Archivo de resultados (JSON), escrito después de cada medida. Por defecto: un archivo nuevo en la carpeta de resultados, %1.</translation>
    </message>
    <message>
        <source>Skip configurations already done in the results file.</source>
        <translation>Saltarse las configuraciones ya hechas en el archivo de resultados.</translation>
    </message>
    <message>
        <source>Run on that machine&apos;s disks, over ssh.</source>
        <translation>Ejecutar sobre los discos de esa máquina, por ssh.</translation>
    </message>
    <message>
        <source>Run on every one of these machines over ssh; --out names a folder for one results file per host. @FILE reads the hosts of an Ansible inventory (INI or YAML; ansible_host, ansible_port, ansible_user), @FILE:GROUP one group of it.</source>
        <translation>Ejecutar en cada una de estas máquinas por ssh; --out nombra una carpeta para un archivo de resultados por máquina. @FILE lee las máquinas de un inventario de Ansible (INI o YAML; ansible_host, ansible_port, ansible_user), @FILE:GROUP un grupo de él.</translation>
    </message>
    <message>
        <source>With --hosts: how many hosts run at once (1-64, default 4).</source>
        <translation>Con --hosts: cuántas máquinas se ejecutan a la vez (1-64, por defecto 4).</translation>
    </message>
    <message>
        <source>Where the helper is on the other machines: paths separated by &apos;:&apos;, the first found runs (default %1).</source>
        <translation>Dónde está el asistente en las otras máquinas: rutas separadas por &apos;:&apos;, se ejecuta la primera que se encuentre (por defecto %1).</translation>
    </message>
    <message>
        <source>The campaign plan (JSON).</source>
        <translation>El plan de la campaña (JSON).</translation>
    </message>
    <message>
        <source>give one plan file, e.g. raidbench-cli run plan.json --out results.json</source>
        <translation>indique un archivo de plan, p. ej. raidbench-cli run plan.json --out results.json</translation>
    </message>
    <message>
        <source>--connect-timeout goes with --host or --hosts</source>
        <translation>--connect-timeout va con --host o --hosts</translation>
    </message>
    <message>
        <source>--resume needs --out RESULTS.json: the file whose run goes on</source>
        <translation>--resume necesita --out RESULTS.json: el archivo cuya ejecución continúa</translation>
    </message>
    <message>
        <source>%1; give --out RESULTS.json, or set RAIDBENCH_RESULTS_DIR to a writable folder</source>
        <translation>%1; indique --out RESULTS.json, o ponga en RAIDBENCH_RESULTS_DIR una carpeta en la que se pueda escribir</translation>
    </message>
    <message>
        <source>results go to %1
</source>
        <translation>los resultados van a %1
</translation>
    </message>
    <message>
        <source>no disk is free to read across (raidbench-cli disks says why); a surface scan reads only disks nothing uses</source>
        <translation>ningún disco está libre para leerlo entero (raidbench-cli disks dice por qué); un análisis de superficie solo lee discos que nada usa</translation>
    </message>
    <message>
        <source>%1 is in use, so it is not read: %2</source>
        <translation>%1 está en uso, así que no se lee: %2</translation>
    </message>
    <message>
        <source>not usable</source>
        <translation>no utilizable</translation>
    </message>
    <message>
        <source>%1 is named twice</source>
        <translation>%1 se nombra dos veces</translation>
    </message>
    <message>
        <source>  stopped: %1
</source>
        <translation>  detenido: %1
</translation>
    </message>
    <message>
        <source>reading %1 at %2 points each (read only; %3 a point)
</source>
        <translation>leyendo %1 en %2 puntos cada uno (solo lectura; %3 por punto)
</translation>
    </message>
    <message>
        <source>The virtual disk lab: a qemu VM with real kernel md, real mdadm and LVM, and
throttled virtual disks, running RaidBench&apos;s own binaries as root. No real disk is touched.

  raidbench-cli lab run --disks SPEC [options] -- COMMAND [ARGS...]
      Boot the VM with the disks of SPEC and run COMMAND inside it as root (no shell
      unless you write sh -c). Its stdin, stdout and stderr are this program&apos;s. Exits
      with the command&apos;s exit code, or 125 when the lab itself failed.
  raidbench-cli lab check
      Say whether the lab can run here, and which package is missing if not.
  raidbench-cli lab demo [--out DIR] [--disks SPEC] [--controllers N]
      The whole campaign on virtual disks (default: two hard disks at 105 MB/s
      falling to 55 and two older ones at 60 falling to 32, on two controllers:
      2x2G:hdd:cache=16M,2x2G@60:hdd:inner=32:rpm=5400:cache=16M); leaves
      results.json and report.md in DIR.

  raidbench-cli lab ssh-host --disks SPEC --port PORT --authorized-keys FILE [--name NAME]
      Boot the VM as a machine you reach over ssh: its sshd (this machine&apos;s own) listens
      on 127.0.0.1:PORT only, lets in the keys of FILE (as root, or as a --user that
      exists here), and the VM reaches no network. Prints &quot;ready&quot; and the line for
      known_hosts on stdout once sshd listens, then runs until Ctrl-C. raidbench-cli
      run --host root@127.0.0.1:PORT then drives real md on it as on a remote server.
      The VM sees this machine&apos;s files read-only: give only your own keys (they log in
      as root there, and as --user alike).

Inside the VM (in the command that lab run runs), to see what failures do:
  raidbench-cli lab unplug N      pull virtual disk N (1, 2, ...) out, as if its cable went
  raidbench-cli lab plug N        put it back (it comes back under a new sdX name; returns once the VM
                                  sees it, its /dev/disk/by-id links pointing at the new name)
  raidbench-cli lab power-cycle   cut the power; the VM boots again with the same disks and
                                  runs the same command, with RAIDBENCH_LAB_BOOT=2 (3, ...)

SPEC is a comma list of [Nx]SIZE[@MBPS[/MBPS]][:hdd|:ssd][:iops=N][:fail-write=OFFSET|:fail-read=OFFSET]:
  2x2G@105,2x2G@38    four 2 GiB disks, two at 105 MB/s and two at 38 MB/s (reads and
                      writes share that speed, as they share a real disk&apos;s time)
  3x1G                three unthrottled 1 GiB disks
  1G@100/200          write 100 MB/s and, at the same time, read 200 MB/s
  1G@150:iops=150     at most 150 requests a second, reads and writes together, as a
                      hard disk&apos;s seeks allow (every request counts, sequential too)
  1G:fail-write=100M  a write covering byte 100 MiB fails with an I/O error (EIO)
  2G:hdd              a hard disk: 105 MB/s on the outer zone falling to 55 on the inner
                      one, 7200 rpm, 8.5 ms average seek, a 64 MiB write cache (on; the
                      guest turns it off with sdparm --clear WCE); no seek between
                      sequential requests, a queue served shortest positioning first.
                      @OUTER, inner=MBPS, rpm=N, seek=MS and cache=SIZE change it
  1G:ssd              an SSD: writes at 500 MB/s until its cache (an eighth of the disk)
                      is full, then at 120 until it is idle again; reads at 540; 60 us
                      a request. @BURST/READ, steady=MBPS, cache=SIZE and latency=US
                      change it
A hard disk or SSD model is served by nbdkit (Debian&apos;s nbdkit package) through
RaidBench&apos;s own filter; flat disks are qemu&apos;s throttles.
MB/s is 10^6 bytes per second. Inside the VM the disks have serials RBLAB0001,
RBLAB0002, ... and models naming their speeds. Their sdX names follow the kernel&apos;s
probe order, which is not the order of SPEC: name them by serial, through the links
/dev/disk/by-id/scsi-RAIDBNCH_*_RBLAB0001, ... With --controllers N the disks take
turns over N SCSI controllers (disk 1 on the first, disk 2 on the second, ...), so
arrays that survive the loss of a controller can be tried; --controllers N@MBPS
also limits each controller to MBPS for all its disks together, as a host adapter
or an expander slower than its disks does. The disk files live in
memory (/dev/shm) when they fit, else in /var/tmp; RAIDBENCH_LAB_DIR chooses.

Examples:
  raidbench-cli lab check
  raidbench-cli lab run --disks 2x1G@100 -- cat /proc/mdstat
  raidbench-cli lab run --disks 4x1G --out /tmp/res -- sh -c &apos;mdadm --create /dev/md0 --level=5 --raid-devices=4 --assume-clean --run /dev/disk/by-id/scsi-*_RBLAB000[1-4]&apos;
  raidbench-cli lab run --disks 12x1G --controllers 3 -- ls /sys/class/scsi_host
  raidbench-cli lab demo --disks 24x512M@100 --controllers 3@300</source>
        <translation>El laboratorio de discos virtuales: una máquina virtual qemu con md real del núcleo, mdadm y LVM
reales, y discos virtuales con velocidad limitada, que ejecuta como root los propios binarios de
RaidBench. No se toca ningún disco real.

  raidbench-cli lab run --disks SPEC [opciones] -- ORDEN [ARGS...]
      Arranca la máquina virtual con los discos de SPEC y ejecuta ORDEN dentro de ella como root
      (sin shell salvo que escriba sh -c). Su stdin, stdout y stderr son los de este programa.
      Sale con el código de salida de la orden, o 125 cuando falló el propio laboratorio.
  raidbench-cli lab check
      Dice si el laboratorio puede funcionar aquí, y qué paquete falta si no.
  raidbench-cli lab demo [--out DIR] [--disks SPEC] [--controllers N]
      La campaña completa sobre discos virtuales (por defecto: dos discos duros a 105 MB/s
      que bajan a 55 y dos más antiguos a 60 que bajan a 32, en dos controladoras:
      2x2G:hdd:cache=16M,2x2G@60:hdd:inner=32:rpm=5400:cache=16M); deja
      results.json y report.md en DIR.

  raidbench-cli lab ssh-host --disks SPEC --port PORT --authorized-keys FILE [--name NAME]
      Arranca la máquina virtual como una máquina a la que se llega por ssh: su sshd (el de
      esta máquina) escucha solo en 127.0.0.1:PORT, deja entrar las claves de FILE (como
      root, o como un --user que exista aquí), y la máquina virtual no llega a ninguna red.
      Imprime &quot;ready&quot; y la línea para known_hosts en stdout cuando sshd escucha, y sigue
      hasta Ctrl-C. raidbench-cli run --host root@127.0.0.1:PORT maneja entonces md real en
      ella como en un servidor remoto. La máquina virtual ve los archivos de esta máquina en
      solo lectura: indique solo sus propias claves (con ellas se entra allí como root, y
      también como --user).

Dentro de la máquina virtual (en la orden que ejecuta lab run), para ver qué hacen los fallos:
  raidbench-cli lab unplug N      desconecta el disco virtual N (1, 2, ...), como si se soltara su cable
  raidbench-cli lab plug N        lo vuelve a conectar (vuelve con un nombre sdX nuevo; termina cuando la
                                  máquina virtual lo ve, con sus enlaces /dev/disk/by-id apuntando al
                                  nombre nuevo)
  raidbench-cli lab power-cycle   corta la corriente; la máquina virtual vuelve a arrancar con los mismos
                                  discos y ejecuta la misma orden, con RAIDBENCH_LAB_BOOT=2 (3, ...)

SPEC es una lista separada por comas de [Nx]SIZE[@MBPS[/MBPS]][:hdd|:ssd][:iops=N][:fail-write=OFFSET|:fail-read=OFFSET]:
  2x2G@105,2x2G@38    cuatro discos de 2 GiB, dos a 105 MB/s y dos a 38 MB/s (lecturas y
                      escrituras comparten esa velocidad, como comparten el tiempo de un disco real)
  3x1G                tres discos de 1 GiB sin límite
  1G@100/200          escribe a 100 MB/s y, a la vez, lee a 200 MB/s
  1G@150:iops=150     como mucho 150 peticiones por segundo, lecturas y escrituras juntas, como
                      permiten las búsquedas de un disco duro (cuenta cada petición, también las
                      secuenciales)
  1G:fail-write=100M  una escritura que cubre el byte 100 MiB falla con un error de E/S (EIO)
  2G:hdd              un disco duro: 105 MB/s en la zona exterior que bajan a 55 en la interior,
                      7200 rpm, 8,5 ms de búsqueda media, una caché de escritura de 64 MiB
                      (activada; el sistema invitado la desactiva con sdparm --clear WCE); sin
                      búsqueda entre peticiones secuenciales, una cola servida por el
                      posicionamiento más corto primero. @OUTER, inner=MBPS, rpm=N, seek=MS y
                      cache=SIZE lo cambian
  1G:ssd              un SSD: escribe a 500 MB/s hasta que se llena su caché (un octavo del
                      disco), luego a 120 hasta que vuelve a estar inactivo; lee a 540; 60 us por
                      petición. @BURST/READ, steady=MBPS, cache=SIZE y latency=US lo cambian
Un modelo de disco duro o de SSD lo sirve nbdkit (el paquete nbdkit de Debian) a través del
filtro propio de RaidBench; los discos planos son los límites de qemu.
MB/s son 10^6 bytes por segundo. Dentro de la máquina virtual los discos tienen los números de
serie RBLAB0001, RBLAB0002, ... y modelos que nombran sus velocidades. Sus nombres sdX siguen el
orden de sondeo del núcleo, que no es el orden de SPEC: nómbrelos por número de serie, a través
de los enlaces /dev/disk/by-id/scsi-RAIDBNCH_*_RBLAB0001, ... Con --controllers N los discos se
turnan entre N controladoras SCSI (el disco 1 en la primera, el disco 2 en la segunda, ...), para
poder probar arrays que sobreviven a la pérdida de una controladora; --controllers N@MBPS
limita además cada controladora a MBPS para todos sus discos juntos, como hace un adaptador de
host o un expansor más lento que sus discos. Los archivos de los discos viven en memoria
(/dev/shm) cuando caben, si no en /var/tmp; RAIDBENCH_LAB_DIR lo elige.

Ejemplos:
  raidbench-cli lab check
  raidbench-cli lab run --disks 2x1G@100 -- cat /proc/mdstat
  raidbench-cli lab run --disks 4x1G --out /tmp/res -- sh -c &apos;mdadm --create /dev/md0 --level=5 --raid-devices=4 --assume-clean --run /dev/disk/by-id/scsi-*_RBLAB000[1-4]&apos;
  raidbench-cli lab run --disks 12x1G --controllers 3 -- ls /sys/class/scsi_host
  raidbench-cli lab demo --disks 24x512M@100 --controllers 3@300</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>Mostrar esta ayuda.</translation>
    </message>
    <message>
        <source>%1 write</source>
        <translation>escritura %1</translation>
    </message>
    <message>
        <source>%1 read</source>
        <translation>lectura %1</translation>
    </message>
    <message>
        <source>read </source>
        <translation>lect.</translation>
    </message>
    <message>
        <source>write</source>
        <translation>escr.</translation>
    </message>
    <message>
        <source>not read (--no-health or --all)</source>
        <translation>no leída (--no-health o --all)</translation>
    </message>
    <message>
        <source>reading SMART and write caches needs root</source>
        <translation>leer SMART y las cachés de escritura necesita root</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>bien</translation>
    </message>
    <message>
        <source>MISSING</source>
        <translation>FALTA</translation>
    </message>
    <message>
        <source>The answer in minutes: measure the disks, each alone and then together (per
controller and all at once, so a shared ceiling shows; each run ends once its rate
has settled, a second or two, where a full campaign runs it for --time), predict
every layout the disks allow from those speeds (docs/analysis.md says how), rank
them for your requirements, then build and measure only the best N and say how the
measurement compared with the prediction. A full campaign (raidbench-cli run)
builds every layout; this builds N.

All the disks named are destroyed, as by a campaign: the command lists them and asks
first (--yes does not ask). As a user it goes through raidbench-helper (pkexec).
The results file holds the disks, the layouts built, and the comparison
(&quot;quick_answer&quot;); reports and the window show the layouts not built as predicted.

--recommend takes the requirements of raidbench-cli report --recommend, e.g.
&quot;failures&gt;=1,space&gt;=50&quot; (default: survive one failure).

Exit code: 0 answered, 1 a layout failed or nothing qualifies, 2 bad arguments,
130 cancelled (the results so far are kept).

Examples:
  raidbench-cli answer /dev/sdb /dev/sdc /dev/sdd /dev/sde --recommend &quot;failures&gt;=1,space&gt;=50&quot;
  raidbench-cli answer --disks /dev/sd[b-m] --verify 3 --out answer.json</source>
        <translation>La respuesta en minutos: mide los discos, cada uno solo y luego juntos (por
controladora y todos a la vez, para que se vea un techo compartido; cada medida
termina en cuanto su velocidad se estabiliza, uno o dos segundos, donde una campaña
completa mide durante --time), predice cada disposición que los discos permiten a
partir de esas velocidades (docs/analysis.md explica cómo), las ordena según sus
requisitos, y luego construye y mide solo las N mejores y dice cómo se comparó la
medida con la predicción. Una campaña completa (raidbench-cli run) construye todas
las disposiciones; esta construye N.

Se destruyen todos los discos nombrados, como en una campaña: la orden los enumera y
pregunta antes (--yes no pregunta). Como usuario normal pasa por raidbench-helper (pkexec).
El archivo de resultados guarda los discos, las disposiciones construidas y la
comparación (&quot;quick_answer&quot;); los informes y la ventana muestran como predichas las
disposiciones no construidas.

--recommend acepta los requisitos de raidbench-cli report --recommend, p. ej.
&quot;failures&gt;=1,space&gt;=50&quot; (por defecto: sobrevivir a un fallo).

Código de salida: 0 respondido, 1 una disposición falló o ninguna cumple, 2 argumentos
incorrectos, 130 cancelado (se conservan los resultados obtenidos hasta entonces).

Ejemplos:
  raidbench-cli answer /dev/sdb /dev/sdc /dev/sdd /dev/sde --recommend &quot;failures&gt;=1,space&gt;=50&quot;
  raidbench-cli answer --disks /dev/sd[b-m] --verify 3 --out answer.json</translation>
    </message>
    <message>
        <source>disk %1 was not confirmed</source>
        <translation>el disco %1 no se confirmó</translation>
    </message>
    <message>
        <source>List the block devices of this machine, like lsblk, with model, size, transport
and controller, and say for each whether RaidBench may write to it, and why not.

A device is usable only if nothing uses it: not mounted (nor any partition), not swap,
not held by md, dm or LVM, not the disk of / or /boot, not read-only, and without a
file system, RAID or LVM signature or partition table. Probing signatures needs root.

As root it also reads each disk&apos;s health with smartctl (read only; no self-test is
started): SMART&apos;s verdict, temperature, the link&apos;s speed against its maximum, error
counters, and the disk&apos;s own write cache (hdparm, sdparm or nvme). What could make a disk
slow is listed under it: a link below its maximum, cable (CRC) errors, reallocated or
pending sectors, a temperature above 55 °C, a write cache that is off, or a model or
rotation rate unlike the rest of the disks. --no-health skips all of this.

--history SERIAL shows one disk&apos;s own speed over time instead: every results file kept in
the results folder (~/.local/share/raidbench/results, or --results-dir) that measured the
disk with that serial number on its own, oldest first, and whether it is now more than 10 %
slower than at its first measurement.

--surface reads disks across their surface instead, from their first byte to their last,
and charts MB/s against position (read only); raidbench-cli disks --surface --help says
how.

--host [USER@]HOST[:PORT] lists another machine&apos;s disks instead, through the RaidBench
helper installed there, over ssh (as root there, or through sudo -n; your keys and
known_hosts apply, and no password is ever typed).

Examples:
  raidbench-cli disks
  raidbench-cli disks --json
  raidbench-cli disks --host root@storage1
  raidbench-cli disks --all --allow-loop
  raidbench-cli disks --no-health
  raidbench-cli disks --history WD-WCC4E1234567
  raidbench-cli disks --surface
  raidbench-cli disks --surface /dev/sdb /dev/sdc --points 32 --point-time 2s --out sdb-sdc.json</source>
        <translation>Enumera los dispositivos de bloques de esta máquina, como lsblk, con modelo, tamaño,
transporte y controladora, y dice de cada uno si RaidBench puede escribir en él, y por qué no.

Un dispositivo solo es utilizable si nada lo usa: no montado (ni ninguna partición), no
swap, no retenido por md, dm o LVM, no el disco de / o /boot, no de solo lectura, y sin
sistema de archivos, firma RAID o LVM ni tabla de particiones. Buscar firmas necesita root.

Como root también lee la salud de cada disco con smartctl (solo lectura; no se inicia
ninguna autoprueba): el veredicto de SMART, la temperatura, la velocidad del enlace frente a
su máximo, los contadores de errores, y la caché de escritura propia del disco (hdparm,
sdparm o nvme). Lo que podría hacer lento a un disco se enumera debajo de él: un enlace por
debajo de su máximo, errores de cable (CRC), sectores reasignados o pendientes, una
temperatura de más de 55 °C, una caché de escritura desactivada, o un modelo o una velocidad
de giro distintos de los del resto de discos. --no-health se salta todo esto.

--history SERIAL muestra en cambio la velocidad propia de un disco a lo largo del
tiempo: cada archivo de resultados guardado en la carpeta de resultados
(~/.local/share/raidbench/results, o --results-dir) que midió por sí solo el disco con ese
número de serie, del más antiguo al más nuevo, y si ahora es más de un 10 % más lento que en
su primera medida.

--surface lee en cambio los discos a lo largo de su superficie, desde su primer byte hasta
el último, y dibuja MB/s frente a la posición (solo lectura); raidbench-cli disks --surface
--help explica cómo.

--host [USER@]HOST[:PORT] enumera en cambio los discos de otra máquina, a través del
asistente de RaidBench instalado allí, por ssh (como root allí, o mediante sudo -n; se aplican
sus claves y known_hosts, y nunca se teclea una contraseña).

Ejemplos:
  raidbench-cli disks
  raidbench-cli disks --json
  raidbench-cli disks --host root@storage1
  raidbench-cli disks --all --allow-loop
  raidbench-cli disks --no-health
  raidbench-cli disks --history WD-WCC4E1234567
  raidbench-cli disks --surface
  raidbench-cli disks --surface /dev/sdb /dev/sdc --points 32 --point-time 2s --out sdb-sdc.json</translation>
    </message>
    <message>
        <source>Read disks across their surface instead (raidbench-cli disks --surface --help).</source>
        <translation>Leer en cambio los discos a lo largo de su superficie (raidbench-cli disks --surface --help).</translation>
    </message>
    <message>
        <source>Read disks across their surface: each disk given (or every usable disk) at --points
places from its first byte to its last, --point-time at each (1M blocks, queue depth 8, at
most 256 MiB a point), and print MB/s against position with the slowest zone named. A
hard disk&apos;s last (inner) tracks are often half as fast as its first; an array tested only
at its start overstates what it sustains when full. It only reads, but still refuses a
disk that anything uses (mounted, in an array, with a file system). Ctrl-C stops it and
keeps the points read. The results file (--out, default a new one in the results folder)
holds them under disks[].surface, for the report and the desktop program&apos;s Surface chart.

Examples:
  raidbench-cli disks --surface
  raidbench-cli disks --surface /dev/sdb /dev/sdc --points 32 --point-time 2s --out sdb-sdc.json</source>
        <translation>Lee los discos a lo largo de su superficie: cada disco indicado (o cada disco utilizable)
en --points lugares desde su primer byte hasta el último, --point-time en cada uno (bloques
de 1M, profundidad de cola 8, como mucho 256 MiB por punto), e imprime MB/s frente a la
posición, nombrando la zona más lenta. Las últimas pistas (interiores) de un disco duro
suelen ir a la mitad de velocidad que las primeras; un array probado solo en su inicio
exagera lo que sostiene cuando está lleno. Solo lee, pero aun así rechaza un disco que algo
usa (montado, en un array, con un sistema de archivos). Ctrl-C lo detiene y conserva los
puntos leídos. El archivo de resultados (--out, por defecto uno nuevo en la carpeta de
resultados) los guarda en disks[].surface, para el informe y el gráfico de superficie del
programa de escritorio.

Ejemplos:
  raidbench-cli disks --surface
  raidbench-cli disks --surface /dev/sdb /dev/sdc --points 32 --point-time 2s --out sdb-sdc.json</translation>
    </message>
    <message>
        <source>Places read on each disk, %1 to %2 (default %3).</source>
        <translation>Lugares leídos en cada disco, de %1 a %2 (por defecto %3).</translation>
    </message>
    <message>
        <source>Reading at each place (default 1s).</source>
        <translation>Lectura en cada lugar (por defecto 1s).</translation>
    </message>
    <message>
        <source>The results file (default: a new one in the results folder).</source>
        <translation>El archivo de resultados (por defecto: uno nuevo en la carpeta de resultados).</translation>
    </message>
    <message>
        <source>Print a JSON array of the disks read.</source>
        <translation>Imprimir un array JSON de los discos leídos.</translation>
    </message>
    <message>
        <source>As root too: read through raidbench-helper.</source>
        <translation>También como root: leer a través de raidbench-helper.</translation>
    </message>
    <message>
        <source>read disks across their surface and chart MB/s against position</source>
        <translation>leer los discos a lo largo de su superficie y dibujar MB/s frente a la posición</translation>
    </message>
    <message>
        <source>The disks to read (default: every usable disk).</source>
        <translation>Los discos que leer (por defecto: cada disco utilizable).</translation>
    </message>
    <message>
        <source>--%1 goes with --surface</source>
        <translation>--%1 va con --surface</translation>
    </message>
</context>
</TS>
