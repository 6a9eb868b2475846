#include <webp/demux.h>
